export { queueRoleMetadata, queueRolePush } from './queue.ts';
