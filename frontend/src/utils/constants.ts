// Product constants of spec 000 §1, §2 and §9.

export const DEFAULT_SYSTEM_NAME = '教学质量监测与分析平台';
export const PRODUCT_VERSION = 'V3.2_20200311';
/** the blue theme colour */
export const BRAND_COLOR = 'rgb(57,126,240)';
/** the page loader waits 200 ms before showing a spinner and gives up after 10 s */
export const LOADER_DELAY_MS = 200;
export const LOADER_TIMEOUT_MS = 10_000;
export const EMPTY_TEXT = '暂无数据';
