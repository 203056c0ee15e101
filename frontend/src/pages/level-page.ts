// The props of a page that serves the school and each development centre (issue 33): 目标标准, 诊断改进, 监测预警 and
// 质量报告 under 内部质量管理 show every level, under a centre only the centre's.
import { CENTRES, type CentreLevel } from '@zhengai/contracts';

export interface LevelPageProps {
  /** the centre's level; null under 内部质量管理 (the whole school, every level) */
  level?: CentreLevel | null;
  /** the menu's name: the card's title */
  title?: string;
}

/** The card title of a level page: the menu's name, else the page's own name with the centre's level before it. */
export function levelTitle(own: string, { level, title }: LevelPageProps): string {
  return title || (level ? `${CENTRES[level].objectName}${own}` : own);
}
