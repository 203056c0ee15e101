/** The 数据采集 pages' menus the design side's routes require (migration 1765612800000-data-collection). */
export const FORM_MENU = 'ly_herm_dataCollection_form';
export const CONSTANT_MENU = 'ly_herm_dataCollection_constant';
export const TASK_MENU = 'ly_herm_dataCollection_task';
/** Every data-collection page: each may need the option lists (the fill and audit screens show select fields). */
export const EVERY_COLLECTION_MENU = ['ly_herm_dataCollection_fill', 'ly_herm_dataCollection_audit', TASK_MENU, FORM_MENU, CONSTANT_MENU];
