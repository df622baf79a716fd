export { notify, unsubscribePageUrl, unsubscribeUrl } from './service.ts';
export { tellAmbassador } from './tell.ts';
