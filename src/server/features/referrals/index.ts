export { DEVICE_ID_COOKIE, deviceIdOf, ensureDeviceId, sendDeviceId } from './cookies.ts';
export {
  overturnReferralRefusal,
  recordReferral,
  referralOnApproval,
  referralOnRejection,
  referralOnReportApproved,
  referrerForApplication,
} from './service.ts';
export { recordSighting, type Sighting, sightingCte, sightingOf } from './sightings.ts';
