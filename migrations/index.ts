import { Foundation1763712000000 } from './1763712000000-foundation.js';
import { IdentityAndAccess1763798400000 } from './1763798400000-identity-and-access.js';
import { Files1763884800000 } from './1763884800000-files.js';
import { AdminPages1763971200000 } from './1763971200000-admin-pages.js';
import { QualityPoints1764057600000 } from './1764057600000-quality-points.js';
import { QualityPages1764230400000 } from './1764230400000-quality-pages.js';
import { Monitoring1764403200000 } from './1764403200000-monitoring.js';
import { ReadOnlyMenus1764489600000 } from './1764489600000-read-only-menus.js';
import { TaskDates1764576000000 } from './1764576000000-task-dates.js';
import { TaskGrants1764662400000 } from './1764662400000-task-grants.js';
import { MenuAddresses1764835200000 } from './1764835200000-menu-addresses.js';
import { SampledResults1764921600000 } from './1764921600000-sampled-results.js';
import { YearTargetsAndTasks1765008000000 } from './1765008000000-year-targets-and-tasks.js';
import { YearTargetMenu1765094400000 } from './1765094400000-year-target-menu.js';
import { TaskWarningConditions1765180800000 } from './1765180800000-task-warning-conditions.js';
import { TaskPagesMenus1765267200000 } from './1765267200000-task-pages-menus.js';
import { TaskSummaryMenu1765353600000 } from './1765353600000-task-summary-menu.js';
import { TaskFiles1765440000000 } from './1765440000000-task-files.js';
import { QualityReports1765526400000 } from './1765526400000-quality-reports.js';
import { DataCollection1765612800000 } from './1765612800000-data-collection.js';
import { SchoolAnalysis1765699200000 } from './1765699200000-school-analysis.js';
import { AccessStamps1765785600000 } from './1765785600000-access-stamps.js';
import { SessionNotices1765872000000 } from './1765872000000-session-notices.js';
import { LoginDelays1765958400000 } from './1765958400000-login-delays.js';
import { DiagnosisObjects1766044800000 } from './1766044800000-diagnosis-objects.js';
import { PeopleImport1766131200000 } from './1766131200000-people-import.js';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const ALL_MIGRATIONS = [Foundation1763712000000, IdentityAndAccess1763798400000, Files1763884800000, AdminPages1763971200000, QualityPoints1764057600000, QualityPages1764230400000, Monitoring1764403200000, ReadOnlyMenus1764489600000, TaskDates1764576000000, TaskGrants1764662400000, MenuAddresses1764835200000, SampledResults1764921600000, YearTargetsAndTasks1765008000000, YearTargetMenu1765094400000, TaskWarningConditions1765180800000, TaskPagesMenus1765267200000, TaskSummaryMenu1765353600000, TaskFiles1765440000000, QualityReports1765526400000, DataCollection1765612800000, SchoolAnalysis1765699200000, AccessStamps1765785600000, SessionNotices1765872000000, LoginDelays1765958400000, DiagnosisObjects1766044800000, PeopleImport1766131200000];
