/**
 * How a person stands to a fill task: a filler (the person it is allocated to, or a member of the department it is
 * allocated to), its auditor (named on the allocation), a manager (a role holding the menu 采集任务).
 */
export type FillRelation = 'filler' | 'auditor' | 'manager';

/** read: the fill, its rows and history; fill: save, import, commit; audit: pass, roll back. */
export type FillRight = 'read' | 'fill' | 'audit';

/**
 * The one table of who may do what with a fill (module README "Who does what"): the access checks read it, and the
 * two lists are generated from it (我的填报 the fills the person may fill, 待我审核 those they may audit).
 */
export const FILL_RIGHTS_OF: Readonly<Record<FillRelation, readonly FillRight[]>> = {
  filler: ['read', 'fill'],
  auditor: ['read', 'audit'],
  manager: ['read', 'audit'],
};

export const FILL_RELATIONS = Object.keys(FILL_RIGHTS_OF) as FillRelation[];

/** The relations that carry a right (a list's rows are the fills where one of them holds). */
export const relationsWith = (right: FillRight): FillRelation[] => FILL_RELATIONS.filter((r) => FILL_RIGHTS_OF[r].includes(right));

/** The lists of fill tasks and the right each one shows. */
export const FILL_LISTS = { mine: 'fill', toAudit: 'audit' } as const satisfies Record<string, FillRight>;

export const hasFillRight = (relations: readonly FillRelation[], right: FillRight): boolean => relations.some((r) => FILL_RIGHTS_OF[r].includes(right));
