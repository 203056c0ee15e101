// The enums, limits and texts both sides check, as plain values: no schema library, so the browser's bundle
// takes only these (the schema modules beside them are types only for the frontend).

// The envelope

/** `code` of a successful answer; a failure carries an eight-digit code of errors.ts. */
export const SUCCESS_CODE = 0;

// Files and uploads (000 §9, 001 §5 and §9)

/** Bytes a chunk (001 §9); the last one is smaller. */
export const CHUNK_SIZE = 614_400;

/**
 * Uploads one person may have open at once (issue 31): an upload is open from its first chunk until it is merged,
 * refused or expired (CHUNK_TTL_HOURS); the next one is refused until one of them ends.
 */
export const UPLOADS_OPEN_MAX = 10;

/**
 * How many files of the largest size (FILE_MAX_MB) one person's open uploads may declare together (each upload counts
 * its chunks × CHUNK_SIZE from its first chunk): bytes in flight per person.
 */
export const UPLOAD_FILES_IN_FLIGHT = 2;

/** Name length limit of 000 §9. */
export const FILE_NAME_MAX = 100;

/** Extensions an upload may have (000 §9). */
export const ALLOWED_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'txt', 'doc', 'docx', 'wps', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'rar', 'zip'] as const;

/** An upload's guid, made by the browser: the chunks' folder name on the server, so nothing else is allowed. */
export const GUID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Attachment stages (001 §4). */
export const ATTACHMENT_STAGES = ['mbbz', 'jcyj', 'zwzd', 'zjgj', 'unfinish', 'disqualified'] as const;
/** Attachment stages of target tasks (issue 13): the task's own files, and the evidence of process and final reports. */
export const TASK_ATTACHMENT_STAGES = ['task', 'process', 'final'] as const;

/**
 * What an imported spreadsheet (collection data, constants, quality points, schools …) may hold, checked while it is
 * read (issue 31 item 2): rows below the header, the rightmost column with a value, characters in one cell (Excel's
 * own limit) and in the whole sheet, its shared strings included. Past one of them the import stops and is refused.
 */
export const IMPORT_SHEET_LIMITS = { rows: 50_000, columns: 256, cellChars: 32_767, totalChars: 20_000_000 } as const;
export const IMPORT_SHEET_MESSAGES = {
  rows: `表格行数超过上限（最多${IMPORT_SHEET_LIMITS.rows}行）`,
  columns: `表格列数超过上限（最多${IMPORT_SHEET_LIMITS.columns}列）`,
  cellChars: `单元格内容超过上限（每格最多${IMPORT_SHEET_LIMITS.cellChars}个字符）`,
  totalChars: `表格内容超过上限（最多${IMPORT_SHEET_LIMITS.totalChars}个字符）`,
} as const;

// Identity (000 §5)

/** The change-password texts of spec 000 §5, quoted exactly: the browser checks the form, the server again. */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入旧密码！',
  newRequired: '请输入新密码！',
  confirmRequired: '请输入确认新密码！',
  blank: '不能为纯空格！',
  weak: '密码必须包含字母和数字,必须大于等于8位！',
  mismatch: '请与新密码一致！',
  changed: '修改密码成功!',
  /** also the answer to a wrong old password */
  failed: '修改密码失败!',
} as const;

/**
 * The personal center's formats (000 §5), one set for the browser and the server: an email of dot-separated local
 * parts and hyphen-inside domain labels with a 2+ letter top level, at most 100 characters; a mainland mobile (1[3-9] +
 * 9 digits, optional +86) or a landline (optional 0 + 2–3 digit area code and hyphen, 7–8 digits from 2–8); a QQ
 * number from 10000, at most 11 digits. The messages are the spec's.
 */
export const PROFILE_FORMATS = {
  email: /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  emailMax: 100,
  mobile: /^(\+86)?1[3-9]\d{9}$/,
  landline: /^(0\d{2,3}-?)?[2-8]\d{6,7}$/,
  qq: /^[1-9]\d{4,10}$/,
  messages: { email: '邮箱格式不正确！', phone: '联系电话格式不正确！', qq: 'QQ格式不正确！' },
} as const;

// Target standards (001 §3, §9)

/** The levels a library is written for (targetLevelId). */
export const TARGET_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;

/** The card list's modes (001 §2): live libraries, those with children, the children of one, the recycle bin. */
export const CARD_MODES = ['normal', 'parent', 'child', 'recycle'] as const;

/** What a person may do with a library: write (edit its catalogue, points and grants) or read. */
export const ACCESS_TYPES = ['write', 'read'] as const;

/** How a point's value reads (zlx). Values travel as the text people entered. */
export const VALUE_TYPES = ['have', 'whether', 'percent', 'integer', 'float', 'text'] as const;

/** Collection methods (cjfs) and display modes (xsfs) of a data source (001 §9). */
export const COLLECT_METHODS = ['report', 'algorithm', 'sql', 'interface'] as const;

export const DISPLAY_MODES = ['table', 'pie', 'histogram', 'line', 'file'] as const;

/** How often a point is sampled. */
export const SAMPLING_PERIODS = ['month', 'week', 'day', 'none'] as const;

export const SUBJECT_TYPES = ['role', 'user'] as const;

/** The most indicator levels a library may have, and the default. */
export const TREE_LEVEL_MAX = 10;

export const TREE_LEVEL_DEFAULT = 3;

/** Library and indicator names. */
export const LIBRARY_NAME_MAX = 200;

export const INDICATOR_NAME_MAX = 200;

/** A library's cycle (2026 …). */
export const CYCLE_VALUE_MAX = 40;

/** Point texts (001 §9: content 200, long content 1000), the code, and how many data sources a point may have. */
export const POINT_LIMITS = { code: 64, zkdmc: 200, nh: 1000, zdbz: 1000, value: 100, ration: 100, jsgz: 1000, datasources: 20 } as const;

/** quality/copy: the most points one copy takes. */
export const POINT_COPY_MAX = 1000;

/** Codes travel in file names, URLs and spreadsheets: letters, digits, dot, dash, underscore. */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** A data source's config: the SQL text, the interface's URL and paths, its timeout (ms), the algorithm id. */
export const SOURCE_LIMITS = { sql: 4000, url: 1000, path: 200, minTimeoutMs: 100, maxTimeoutMs: 30_000, algorithmId: 64 } as const;

/** An interface source waits this long when its config names no timeout. */
export const INTERFACE_DEFAULT_TIMEOUT_MS = 5_000;

// Diagnosis (001 §2–§4)

/** The objects a task diagnoses (objectType). */
export const OBJECT_TYPES = ['school', 'department', 'major', 'course', 'teacher', 'student'] as const;

export const AUDIT_STATES = ['draft', 'submitted', 'passed', 'refused'] as const;

export const AUDIT_ACTIONS = ['submit', 'pass', 'refuse'] as const;

/** A excellent, B good, C average, D not done; Y/N for have and whether points (001 §9). */
export const GRADES = ['A', 'B', 'C', 'D', 'Y', 'N'] as const;
/** The grades' names, the one catalogue every screen, report and export reads (issue 35: one name for one thing). */
export const GRADE_NAMES: Record<(typeof GRADES)[number], string> = { A: '优秀', B: '良好', C: '一般', D: '未完成', Y: '达成', N: '未达成' };
/** A grade code's name; anything else (未评级, a text already named) as it is. */
export const gradeName = (code: string | null | undefined): string => (code && code in GRADE_NAMES ? GRADE_NAMES[code as (typeof GRADES)[number]] : (code ?? ''));

/** Cause analyses, improvement and handling measures, audit comments: at most this many characters (001 §5). */
export const DIAGNOSIS_TEXT_MAX = 500;

/** What a required text of at most DIAGNOSIS_TEXT_MAX characters answers when it is missing or too long. */
export const DIAGNOSIS_TEXT_MESSAGES = { required: '此项必填', tooLong: '最多只能输入500个字符' } as const;

/** An editable value cell of the quality table (result, revised target and result): at most this many characters (001 §2). */
export const QUALITY_VALUE_MAX = 500;

// Monitoring (001 §6, §7)

/** 数值比较 or 等级比较 (001 §9). */
export const WARNING_MODES = ['value', 'level'] as const;

export const CONDITIONS = ['<', '<=', '=', '>=', '>'] as const;

/** 每年 / 每月 / 每周 / 每天 / 不限. */
export const WARNING_PERIODS = ['year', 'month', 'week', 'day', 'none'] as const;

/** Warning grades, best first (001 §9: A to G). */
export const WARNING_GRADES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/** An SQL source runs read-only over schema sjzx, at most this long and this many rows. */
export const SQL_TIMEOUT_SECONDS = 5;

export const SQL_MAX_ROWS = 1000;

/** The named parameters an SQL source may use, bound per diagnosed object's task: `WHERE major = :dxmc`. */
export const SQL_PARAMETERS = { dxbm: '诊断对象编码', dxmc: '诊断对象名称', zq: '诊断周期' } as const;

/** The most characters a trial run's :dxbm, :dxmc and :zq may have. */
export const SQL_PARAMETER_MAX = { dxbm: 200, dxmc: 200, zq: 40 } as const;

/** A menu entry's outside address (opened inside the shell in an iframe): an http(s) URL of at most 500 characters. */
export const MENU_ADDRESS = { max: 500, pattern: /^https?:\/\/[^\s/?#]+[^\s]*$/i, invalid: '地址须为以http://或https://开头的网址', tooLong: '地址最多500个字符' } as const;

// ── target tasks (issue 13) ─────────────────────────────────────────────────────────────────────────────────────────
// The state catalogues of 001 §4 for yearly targets and their target tasks. The documents give the codes; they give no
// Chinese names, so the names below are the platform's own (the ones such platforms show). Transitions:
// backend/src/modules/target-tasks/domain/transitions.ts and the module's README.

/** Task node state rwjd, catalogue B (001 §4): every state a target task passes through. */
export const RWJD_STATES = ['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine', 'executeing', 'hasDone', 'delayNotDone', 'delayDone'] as const;
export type Rwjd = (typeof RWJD_STATES)[number];

export const RWJD_NAMES: Record<Rwjd, string> = {
  notPushed: '未下发',
  waitAccept: '待接收',
  waitResolve: '待分解',
  goBack: '已退回',
  waitDefine: '待制定',
  executeing: '执行中',
  hasDone: '已完成',
  delayNotDone: '延期未完成',
  delayDone: '延期完成',
};

/** Catalogue A (001 §4): the states a task shows once its owner has it. */
export const RWJD_CATALOGUE_A = ['waitResolve', 'waitDefine', 'executeing', 'hasDone', 'delayDone', 'delayNotDone'] as const satisfies readonly Rwjd[];

/** The my-task filter: catalogue A without wait-resolve (a person's own tasks are last-level ones, never decomposed). */
export const MY_TASK_RWJD_FILTER = ['waitDefine', 'executeing', 'hasDone', 'delayDone', 'delayNotDone'] as const satisfies readonly Rwjd[];

/** Task state (001 §4): normal, pause, finished; also the display group of rwjd. */
export const TARGET_TASK_STATE_NAMES = { normal: '正常', pause: '暂停', finished: '已完成' } as const;
export type RwjdGroup = keyof typeof TARGET_TASK_STATE_NAMES;

/**
 * Display grouping of rwjd (001 §4: wait-define and wait-resolve paused, executing normal, done finished). The states
 * the documents leave out go where a reader expects them: not yet in the owner's hands is paused, delayed but running
 * is normal, done late is finished.
 */
export const RWJD_GROUP: Record<Rwjd, RwjdGroup> = {
  notPushed: 'pause',
  waitAccept: 'pause',
  waitResolve: 'pause',
  goBack: 'pause',
  waitDefine: 'pause',
  executeing: 'normal',
  delayNotDone: 'normal',
  hasDone: 'finished',
  delayDone: 'finished',
};

/** The finished states (group finished: hasDone, delayDone), the one list: a finished task takes no more moves. */
export const RWJD_FINISHED: readonly Rwjd[] = RWJD_STATES.filter((s) => RWJD_GROUP[s] === 'finished');
export const isRwjdFinished = (s: string): boolean => (RWJD_FINISHED as readonly string[]).includes(s);

/** The colour of each display group (antd tag colours). */
export const RWJD_GROUP_COLOURS: Record<RwjdGroup, string> = { pause: 'orange', normal: 'blue', finished: 'green' };

/** Year task state (001 §4): a year target's state, read from its tasks. */
export const YEAR_TASK_STATES = ['waitResolve', 'hasResolved', 'doing', 'done'] as const;
export type YearTaskState = (typeof YEAR_TASK_STATES)[number];
export const YEAR_TASK_STATE_NAMES: Record<YearTaskState, string> = { waitResolve: '待分解', hasResolved: '已分解', doing: '进行中', done: '已完成' };

/** Target-task audit state (001 §4): 0 pending, 1 audited, 2 failed. */
export const TARGET_AUDIT_STATES = [0, 1, 2] as const;
export type TargetAuditState = (typeof TARGET_AUDIT_STATES)[number];
export const TARGET_AUDIT_STATE_NAMES: Record<TargetAuditState, string> = { 0: '待审核', 1: '审核通过', 2: '审核不通过' };

/** Progress audit (001 §4): a report waits (reviewing), passes, passes by the parent task's owner (childPass) or is rejected. */
export const PROGRESS_AUDITS = ['reviewing', 'pass', 'childPass', 'reject'] as const;
export type ProgressAudit = (typeof PROGRESS_AUDITS)[number];
export const PROGRESS_AUDIT_NAMES: Record<ProgressAudit, string> = { reviewing: '审核中', pass: '审核通过', childPass: '上级任务审核通过', reject: '已驳回' };

/** Progress upload types (001 §3): process and final. */
export const PROGRESS_REPORT_TYPES = ['process', 'final'] as const;
export type ProgressReportType = (typeof PROGRESS_REPORT_TYPES)[number];
export const PROGRESS_REPORT_TYPE_NAMES: Record<ProgressReportType, string> = { process: '过程进度', final: '最终成果' };

/** Urge states (001 §4): urged, then accepted by the urged owner. */
export const URGE_STATES = ['urge', 'acceptUrge'] as const;
export type UrgeState = (typeof URGE_STATES)[number];
export const URGE_STATE_NAMES: Record<UrgeState, string> = { urge: '已催办', acceptUrge: '已接收' };

/** Urge types (001 §3): 0 to do (the urge is waiting for its owner), 1 done (accepted). */
export const URGE_TYPES = [0, 1] as const;
export type UrgeType = (typeof URGE_TYPES)[number];
export const URGE_TYPE_NAMES: Record<UrgeType, string> = { 0: '待办', 1: '已办' };

/** Urge statuses (001 §3): what the urge is about — a target not set (wait-define) or not decomposed (wait-resolve). */
export const URGE_STATUSES = ['targetNotSet', 'targetNotResolved'] as const;
export type UrgeStatus = (typeof URGE_STATUSES)[number];
export const URGE_STATUS_NAMES: Record<UrgeStatus, string> = { targetNotSet: '目标未制定', targetNotResolved: '目标未分解' };

/** Schedule status (001 §4) and its colour: finish green, normal blue, block yellow, unstart red. */
export const SCHEDULE_STATUSES = ['finish', 'normal', 'block', 'unstart'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_NAMES: Record<ScheduleStatus, string> = { finish: '已完成', normal: '正常', block: '滞后', unstart: '未开始' };
export const SCHEDULE_STATUS_COLOURS: Record<ScheduleStatus, string> = { finish: 'green', normal: 'blue', block: 'yellow', unstart: 'red' };

/** The moves of a target task by name (buttons, history and the refusals' 不能{name}); the codes are TASK_MOVE_ACTIONS. */
export const TASK_MOVE_ACTION_NAMES = {
  submitAudit: '提交审核',
  passAudit: '审核通过',
  failAudit: '审核不通过',
  push: '下发',
  accept: '接收任务',
  sendBack: '退回任务',
  resolve: '完成分解',
  define: '制定目标',
  report: '提交进度',
  passReport: '审核通过进度',
  rejectReport: '驳回进度',
  requestDelay: '申请延期',
  grantDelay: '同意延期',
  refuseDelay: '拒绝延期',
  pause: '暂停',
  resume: '恢复',
  urge: '催办',
  acceptUrge: '接收催办',
} as const;

/** A reason (send back, audit failure, report rejection, delay request or refusal): at most this many characters (001 §9: audit 500). */
export const TARGET_TASK_REASON_MAX = 500;

/** A progress report's evidence: the most files one report attaches. */
export const TASK_EVIDENCE_MAX = 50;

// School analysis (000 §2, §3)

/** A portrait's texts and sort (the 画像管理 drawer and the server); cm is a permission key. */
export const PORTRAYAL_LIMITS = { name: 60, cm: 60, description: 200, sort: 9999 } as const;

export const PORTRAYAL_CM_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
