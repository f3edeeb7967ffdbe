/** The college's logo: an inline SVG emblem and word mark, 60 px tall (requirements R-constants). */
import { COLLEGE } from '../../../src/college';

export function Logo() {
  return (
    <svg className="logo" height="60" viewBox="0 0 240 60" role="img" aria-label={COLLEGE.name}>
      <rect x="2" y="4" width="52" height="52" rx="12" fill="#0b3a6f" />
      <path d="M15 43V17h5l16 18V17h5v26h-5L20 25v18Z" fill="#fff" />
      <circle cx="45" cy="14" r="4" fill="#f2a900" />
      <text
        x="64"
        y="29"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="22"
        fontWeight="700"
        fill="#0b3a6f"
      >
        Northbridge
      </text>
      <text
        x="64"
        y="48"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="11.2"
        fontWeight="600"
        letterSpacing="0.3"
        fill="#3b4a5c"
      >
        COLLEGE OF TECHNOLOGY
      </text>
    </svg>
  );
}
