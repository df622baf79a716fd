/** How many rows an admin list shows a page (its reads: resources.ts). */
export const ADMIN_PAGE_SIZE = 20;
