import type { CSSProperties } from 'react';

interface BrandLogoProps {
  src?: string | null;
  size?: number;
  /** 'inverse' for a blue background such as the header: white tile, blue mark */
  tone?: 'brand' | 'inverse';
  style?: CSSProperties;
}

/** The uploaded logo, else the default mark. */
export function BrandLogo({ src, size = 40, tone = 'brand', style }: BrandLogoProps) {
  if (src) {
    return <img src={src} alt="logo" width={size} height={size} style={{ objectFit: 'contain', ...style }} />;
  }
  const tile = tone === 'brand' ? 'rgb(57,126,240)' : '#fff';
  const mark = tone === 'brand' ? '#fff' : 'rgb(57,126,240)';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="logo" style={{ flex: 'none', ...style }}>
      <rect width="64" height="64" rx="14" fill={tile} />
      <path d="M14 46 L26 30 L34 38 L50 18" fill="none" stroke={mark} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="50" cy="18" r="4" fill={mark} />
    </svg>
  );
}
