/** Part of `npm run build:server`: the embedded database template for `npm start` (dump and data directory). */
import { BUILD_TEMPLATE_DIR, buildTemplate, buildTemplateDataDir } from './pglite-template.ts';

const file = await buildTemplate(BUILD_TEMPLATE_DIR);
const dir = await buildTemplateDataDir(BUILD_TEMPLATE_DIR);
console.log(`Embedded database template: ${file} and ${dir}`);
