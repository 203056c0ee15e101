import { Tooltip } from 'antd';
import { THEME_COLORS, type ThemeName } from '../../utils/constants';
import styles from '../basic-layout.module.css';

const LABELS: Record<ThemeName, string> = { dark: '深色主题', blue: '蓝色主题' };

/** The two theme swatches of spec 000 §2. */
export function ThemeSwitch({ theme, onChange }: { theme: ThemeName; onChange(theme: ThemeName): void }) {
  return (
    <div className={styles.swatches} role="radiogroup" aria-label="主题颜色">
      {(Object.keys(THEME_COLORS) as ThemeName[]).map((name) => (
        <Tooltip key={name} title={LABELS[name]}>
          <button
            type="button"
            role="radio"
            aria-checked={theme === name}
            aria-label={LABELS[name]}
            className={styles.swatch}
            style={{ background: THEME_COLORS[name] }}
            onClick={() => onChange(name)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
