export { ambassadorCount, ambassadorList } from './service.ts';
