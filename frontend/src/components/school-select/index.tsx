import { SettingOutlined } from '@ant-design/icons';
import { selectionHint, type School, type SchoolOptions, type SchoolScreenSettings } from '@zhengai/contracts';
import { App, Button, Checkbox, Empty, Input, Modal, Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { doubleHighSchools, saveSchoolHistory, schoolHistory, schoolList, schoolScreen, updateSchoolScreen } from '../../api/school-analysis';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { ProvinceSelect } from './province-select';
import styles from './school-select.module.css';
import { applySet, atMax, boxDisabled, debounce, picked, sameProvince, toggleSchool, visibleRange, withinBounds, type PickedSchool } from './selection';

const ROW_HEIGHT = 30;
const LIST_HEIGHT = 456;
const MODAL_WIDE = 960;

/** A windowed list: only the rows in view are in the document, so 1,549 schools scroll smoothly. */
function SchoolRows({ schools, selected, bounds, onToggle }: { schools: School[]; selected: PickedSchool[]; bounds: { min: number; max: number }; onToggle(s: School): void }) {
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // a new list starts at its top
    viewport.current?.scrollTo({ top: 0 });
  }, [schools]);
  const { start, end } = visibleRange(scrollTop, ROW_HEIGHT, LIST_HEIGHT, schools.length);
  const chosen = new Set(selected.map((s) => s.schoolCode));
  if (!schools.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
  return (
    <div ref={viewport} className={styles.viewport} data-testid="school-list" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      <div style={{ height: schools.length * ROW_HEIGHT }} />
      {schools.slice(start, end).map((s, i) => (
        <label key={s.schoolCode} className={styles.row} style={{ top: (start + i) * ROW_HEIGHT }} data-testid="school-row">
          <Checkbox checked={chosen.has(s.schoolCode)} disabled={boxDisabled(s.schoolCode, selected, bounds)} onChange={() => onToggle(s)} aria-label={s.schoolName} />
          <span className={styles.rowName} title={s.schoolName}>
            {s.schoolName}
            {s.own && (
              <Tag color="blue" style={{ marginLeft: 6 }}>
                本校
              </Tag>
            )}
          </span>
          <span className={styles.rowProvince}>{s.schoolProvince}</span>
        </label>
      ))}
    </div>
  );
}

/** One tag row of the settings dialog: 全部 plus every option, optionally folded to a line. */
function TagRow({ label, options, value, onChange, foldable }: { label: string; options: { value: string; text: string }[]; value: string[]; onChange(v: string[]): void; foldable?: boolean }) {
  const [open, setOpen] = useState(false);
  const shown = foldable && !open ? options.slice(0, 8) : options;
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <div className={styles.tagRow}>
      <span className={styles.tagLabel}>{label}</span>
      <div className={styles.tags}>
        <Tag.CheckableTag checked={value.length === 0} onChange={() => onChange([])}>
          全部
        </Tag.CheckableTag>
        {shown.map((o) => (
          <Tag.CheckableTag key={o.value} checked={value.includes(o.value)} onChange={() => toggle(o.value)}>
            {o.text}
          </Tag.CheckableTag>
        ))}
        {foldable && options.length > 8 && (
          <Button type="link" size="small" onClick={() => setOpen(!open)}>
            {open ? '收起' : '展开'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** 设置: 办学层次, 办学性质, 所在地区 (empty = 全部); saving stores them and reloads the list. */
export function SchoolSettingsModal({ options, initial, onClose, onSaved }: { options: SchoolOptions; initial: SchoolScreenSettings; onClose(): void; onSaved(settings: SchoolScreenSettings): void }) {
  const [value, setValue] = useState<SchoolScreenSettings>(initial);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await updateSchoolScreen(value, { successMessage: '保存成功' });
      onSaved(value);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="筛选设置" width={720} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => void save()} onCancel={onClose}>
      <TagRow label="办学层次" options={options.schoolLevel} value={value.schoolLevel} onChange={(v) => setValue({ ...value, schoolLevel: v })} />
      <TagRow label="办学性质" options={options.schoolNature} value={value.schoolNature} onChange={(v) => setValue({ ...value, schoolNature: v })} />
      <TagRow label="所在地区" options={options.schoolProvince} value={value.schoolProvince} onChange={(v) => setValue({ ...value, schoolProvince: v })} foldable />
    </Modal>
  );
}

export interface SchoolSelectModalProps {
  open: boolean;
  options: SchoolOptions;
  onClose(): void;
  /** after OK saved the selection */
  onSaved(schools: PickedSchool[]): void;
}

/** 选择学校 (000 §2): 常用查询 | the school list | 已选学校, bounded by options.selection. */
export function SchoolSelectModal({ open, options, onClose, onSaved }: SchoolSelectModalProps) {
  const { message } = App.useApp();
  const bounds = options.selection;
  const own = options.ownSchool ? picked(options.ownSchool) : null;
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [province, setProvince] = useState<string | undefined>();
  const [selected, setSelected] = useState<PickedSchool[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [listNonce, setListNonce] = useState(0);

  const applyKeyword = useMemo(() => debounce((v: string) => setKeyword(v.trim()), 300), []);
  useEffect(() => () => applyKeyword.cancel(), [applyKeyword]);

  const screen = useRequest(open ? () => schoolScreen() : null, 'screen', {
    keepPrevious: false,
    onSuccess: (s) => setSelected(s.schools.map(picked)),
  });
  const history = useRequest(open ? () => schoolHistory() : null, 'history', { keepPrevious: false });
  const list = useRequest(open ? () => schoolList({ keyword: keyword || undefined, schoolProvince: province }) : null, `${keyword}|${province ?? ''}|${listNonce}`);
  const schools = list.data ?? [];

  const toggle = (s: School) => setSelected((cur) => toggleSchool(cur, picked(s), bounds));
  const applyQuick = (set: PickedSchool[], label: string) => {
    if (!set.length) {
      message.info(`${label}暂无学校`);
      return;
    }
    setSelected(applySet(set, bounds, own));
  };
  const pickDoubleHigh = async () => {
    try {
      const rows = await doubleHighSchools({ kind: 'school' });
      applyQuick(rows.map(picked), '双高院校');
    } catch {
      // shown by the request layer
    }
  };
  const pickSameProvince = async () => {
    const p = options.ownSchool?.schoolProvince;
    if (!p) {
      message.info('尚未设置本校');
      return;
    }
    try {
      const rows = await schoolList({ schoolProvince: p, useSettings: 'false' });
      applyQuick(sameProvince(rows, p).map(picked), '同省院校');
    } catch {
      // shown by the request layer
    }
  };

  const ok = async () => {
    if (!withinBounds(selected, bounds)) {
      message.warning(selectionHint(bounds.min, bounds.max));
      return;
    }
    setBusy(true);
    try {
      const codes = selected.map((s) => s.schoolCode);
      await updateSchoolScreen({ schoolCodes: codes });
      await saveSchoolHistory(codes);
      message.success('保存成功');
      onSaved(selected);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="选择学校"
      width={MODAL_WIDE}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          <span className={styles.hint} data-testid="selection-hint">
            {selectionHint(bounds.min, bounds.max)}（已选{selected.length}所）
          </span>
          <span>
            <Button onClick={onClose}>取消</Button>{' '}
            <Button type="primary" loading={busy} onClick={() => void ok()} data-testid="selection-ok">
              确定
            </Button>
          </span>
        </div>
      }
    >
      <Spin spinning={screen.loading}>
        <div className={styles.columns}>
          <div className={styles.column}>
            <div className={styles.columnTitle}>常用查询</div>
            <div className={styles.quick}>
              <Button size="small" onClick={() => void pickDoubleHigh()}>
                双高院校
              </Button>
              <Button size="small" onClick={() => void pickSameProvince()}>
                同省院校
              </Button>
              {(history.data ?? []).map((h, i) => (
                <Button key={h.id} size="small" title={h.schools.map((s) => s.schoolName).join('、')} onClick={() => applyQuick(h.schools.map(picked), '历史查询')}>
                  历史{i + 1}：{h.schools.length}所 {h.savedAt.slice(0, 10)}
                </Button>
              ))}
            </div>
          </div>
          <div className={styles.column}>
            <div className={styles.tools}>
              <Input.Search
                allowClear
                placeholder="学校名称"
                aria-label="搜索学校"
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value);
                  applyKeyword(e.target.value);
                }}
                onSearch={(v) => {
                  applyKeyword.cancel();
                  setKeyword(v.trim());
                }}
              />
              <ProvinceSelect options={options.schoolProvince} value={province} onChange={setProvince} />
              <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
                设置
              </Button>
            </div>
            <Spin spinning={list.loading}>
              <SchoolRows schools={schools} selected={selected} bounds={bounds} onToggle={toggle} />
            </Spin>
            <div className={styles.hint}>
              共{schools.length}所{atMax(selected, bounds) ? `，已达上限${bounds.max}所` : ''}
            </div>
          </div>
          <div className={styles.column}>
            <div className={styles.columnTitle}>
              已选学校（{selected.length}/{bounds.max}）
              {selected.length > 0 && (
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  清空
                </Button>
              )}
            </div>
            <div className={styles.pickedList} data-testid="picked-schools">
              {selected.map((s) => (
                <Tag key={s.schoolCode} closable color={s.own ? 'blue' : undefined} onClose={() => setSelected((cur) => cur.filter((x) => x.schoolCode !== s.schoolCode))}>
                  <span>
                    {s.schoolName}
                    {s.own && '（本校）'}
                  </span>
                </Tag>
              ))}
              {!selected.length && <span className={styles.hint}>尚未选择学校</span>}
            </div>
          </div>
        </div>
      </Spin>
      {settingsOpen && screen.data && (
        <SchoolSettingsModal
          options={options}
          initial={{ schoolLevel: screen.data.schoolLevel, schoolNature: screen.data.schoolNature, schoolProvince: screen.data.schoolProvince }}
          onClose={() => setSettingsOpen(false)}
          onSaved={(settings) => {
            setSettingsOpen(false);
            screen.setData((cur) => (cur ? { ...cur, ...settings } : cur));
            setListNonce((n) => n + 1);
          }}
        />
      )}
    </Modal>
  );
}

export type { PickedSchool } from './selection';
