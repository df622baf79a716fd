export { decisionChanges } from './changes.ts';
export { appealOnce, fileAppeal, oneAppeal } from './file.ts';
export { appealRoute } from './route.ts';
export {
  adminName,
  appealDeadline,
  appealDeciderName,
  appealFields,
  asReasonCode,
  assertReasonFits,
  presentAppeal,
  reasonFields,
  serviceLevelOf,
  type AppealRow,
} from './present.ts';
