/**
 * Whether the person asked their system for less motion (prefers-reduced-motion: reduce). antd's transitions and the
 * charts' draw-in animations then stay off: dialogs, drawers and menus appear at once. Read once, at the start; the
 * browser tests ask for it too, so a loaded machine does not lose clicks to dialogs still opening.
 */
export const REDUCED_MOTION: boolean =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
