/** Part of `npm run build:server`: the embedded database template for `npm start`. */
import { BUILD_TEMPLATE_DIR, buildTemplate } from './pglite-template.ts';

const file = await buildTemplate(BUILD_TEMPLATE_DIR);
console.log(`Embedded database template: ${file}`);
