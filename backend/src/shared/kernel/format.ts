/**
 * Dates, times, numbers and percents as the spec shows them (000 §9): the contract's one formatting layer, shared with
 * the frontend. Dates are yyyy-MM-dd and times yyyy-MM-dd HH:mm:ss in the server's time zone; floats 2 decimals;
 * percents '60.00%'; a missing value shows the fallback given (未知 unless told).
 */
export { formatCount, formatDate, formatDateTime, formatFloat, formatPercent, formatValueOf, UNKNOWN } from '@zhengai/contracts';
