/**
 * One Chart.js bar chart. Chart.js is imported on first use, so it is its own chunk, fetched only
 * when a dashboard shows charts. The canvas is an image to screen readers (its label summarises
 * it); the data table next to it (ChartCard) is the full text alternative.
 */
import { useEffect, useRef } from 'react';

export interface BarSeries {
  label: string;
  data: number[];
  color: string;
}

export interface BarChartProps {
  labels: string[];
  series: BarSeries[];
  summary: string;
  horizontal?: boolean;
  stacked?: boolean;
}

export function ChartCanvas({ labels, series, summary, horizontal = false, stacked = false }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify([labels, series, horizontal, stacked]);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
      if (cancelled || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color })) },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: series.length > 1, position: 'bottom' } },
          scales: {
            x: { stacked, ...(horizontal ? { beginAtZero: true, ticks: { precision: 0 } } : {}) },
            y: { stacked, ...(horizontal ? {} : { beginAtZero: true, ticks: { precision: 0 } }) },
          },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // `key` stands for the data; the arrays are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <div className="crm-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
