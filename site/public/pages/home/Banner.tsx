/**
 * The home banner of Microsoft course offers (requirements R-banner): fades between slides with a 100 ms
 * transition, rotates automatically, pauses while hovered or focused, and has a visible pause control.
 * Under `prefers-reduced-motion: reduce` it does not rotate by itself (the dots still change offers).
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { BannerOffer } from '../../../../src/contract';
import { PauseIcon, PlayIcon } from '../../layout/icons';

/** Time each offer stays on screen; the fade itself is 100 ms (CSS `.banner-slide`). */
export const BANNER_INTERVAL_MS = 5000;

export function Banner({ offers }: { offers: BannerOffer[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Read after hydration: the server cannot know the preference, and both first renders must match.
  const [reducedMotion, setReducedMotion] = useState(false);
  const running = !paused && !hovered && !focused && !reducedMotion && offers.length > 1;

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % offers.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, offers.length]);

  if (offers.length === 0) return null;
  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label="Microsoft course offers"
      data-rotating={running ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <BannerArt />
      <div className="banner-slides" aria-live={running ? 'off' : 'polite'}>
        {offers.map((offer, i) => (
          <div
            key={offer._id}
            className={`banner-slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${offers.length}`}
            aria-hidden={i !== index}
          >
            <div className="container banner-content">
              <p className="eyebrow eyebrow-light">Microsoft course offer</p>
              <h2 className="banner-title">{offer.title}</h2>
              <p className="banner-subtitle">{offer.subtitle}</p>
              <Link href={`/course/${offer.course_slug}`} className="btn btn-accent btn-large" tabIndex={i === index ? 0 : -1}>
                {offer.cta}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="container banner-controls">
        <button
          type="button"
          className="banner-pause"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play banner rotation' : 'Pause banner rotation'}
        >
          {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
          <span>{paused ? 'Play' : 'Pause'}</span>
        </button>
        {offers.length > 1 && (
          <div className="banner-dots">
            {offers.map((offer, i) => (
              <button
                key={offer._id}
                type="button"
                className={`banner-dot${i === index ? ' is-active' : ''}`}
                aria-label={`Show offer ${i + 1}: ${offer.title}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** A decorative network of nodes on wide screens (inline SVG: the CSP allows no external images). */
function BannerArt() {
  const nodes: [number, number, number][] = [
    [60, 60, 10],
    [200, 40, 14],
    [320, 120, 9],
    [140, 170, 18],
    [280, 240, 12],
    [60, 260, 8],
    [360, 300, 16],
  ];
  const links: [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 3],
    [1, 3],
    [3, 4],
    [2, 4],
    [3, 5],
    [4, 6],
    [2, 6],
  ];
  return (
    <svg className="banner-art" viewBox="0 0 400 340" aria-hidden="true" focusable="false">
      {links.map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={nodes[a]![0]}
          y1={nodes[a]![1]}
          x2={nodes[b]![0]}
          y2={nodes[b]![1]}
          stroke="rgba(255,255,255,0.25)"
          strokeWidth="2"
        />
      ))}
      {nodes.map(([x, y, r], i) => (
        <circle key={i} cx={x} cy={y} r={r} fill={i === 3 ? '#f2a900' : 'rgba(255,255,255,0.85)'} />
      ))}
    </svg>
  );
}
