export { tellAdmins } from './service.ts';
