// The .xlsx upload checks live in the shared kernel (every module's import needs them, org's people import included).
export * from '../../../shared/kernel/xlsx-file.js';
