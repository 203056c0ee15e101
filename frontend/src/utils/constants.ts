// Product constants of spec 000 §1, §2 and §9.

export const DEFAULT_SYSTEM_NAME = '教学质量监测与分析平台';
export const PRODUCT_VERSION = 'V3.2_20200311';
/** the blue theme colour */
export const BRAND_COLOR = 'rgb(57,126,240)';
/** the page loader waits 200 ms before showing a spinner and gives up after 10 s */
export const LOADER_DELAY_MS = 200;
export const LOADER_TIMEOUT_MS = 10_000;
export const EMPTY_TEXT = '暂无数据';

/** Modal width of spec 000 §9 (personal center and change password). */
export const MODAL_WIDTH = 508;
/** Sidebar widths of spec 000 §2. */
export const SIDER_WIDTH = 255;
export const SIDER_COLLAPSED_WIDTH = 80;

/** The two theme swatches of spec 000 §2; the dark one also makes the sidebar dark. */
export const THEME_COLORS = { dark: '#24293e', blue: BRAND_COLOR } as const;
export type ThemeName = keyof typeof THEME_COLORS;
/** The header colour on the data screen, whatever the theme. */
export const DATA_SCREEN_HEADER_COLOR = '#205081';

/** Defaults of the confirm modal (spec 000 §9). */
export const CONFIRM_MODAL = { title: '退出提示', content: '是否保存当前的修改？', okText: '保存', cancelText: '不保存' } as const;
/** Sex codes (spec 000 §3): 1 male, the default, 2 female. */
export const SEX = { male: '1', female: '2' } as const;
