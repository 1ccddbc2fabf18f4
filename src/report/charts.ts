// Hand-made SVG charts, inline in the page: a bar chart, a line chart and a meter. A chart library
// would add 50-250 KB of script to every page (and a script the policy would have to allow) for three
// shapes that take a few dozen lines here; see docs/report.md.
import { html, type Html } from "./html.js";

export interface Point {
  /** The iteration, shown under the axis. */
  x: number;
  value: number;
  /** Shown on hover (an SVG <title>). */
  label: string;
  /** A class for the bar's colour (pass, fail, flaky, none). */
  tone?: string;
}

const W = 640;
const H = 220;
const PAD = { left: 56, right: 14, top: 14, bottom: 34 };

/** Round steps for the axis, at most 5 of them up to `max`: 1, 2, 2.5 or 5 times a power of ten; whole numbers for whole values. */
function axisTicks(max: number, whole: boolean): number[] {
  const rough = Math.max(max, 1e-9) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  if (whole) step = Math.max(1, Math.ceil(step));
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** 1234567 -> "1.2M", 45300 -> "45.3k". */
export function compactNumber(n: number): string {
  if (Math.abs(n) >= 1_000_000) return `${+(n / 1_000_000).toFixed(1)}M`;
  if (Math.abs(n) >= 1_000) return `${+(n / 1_000).toFixed(1)}k`;
  return String(+n.toFixed(1));
}

function frame(
  points: Point[],
  ariaLabel: string,
  /** False for a chart whose heights carry no number (the verdict per iteration): no scale then. */
  scale: boolean,
  marks: (x: (i: number) => number, y: (v: number) => number, step: number) => Html,
): Html {
  const ticks = axisTicks(
    Math.max(...points.map((p) => p.value), 0),
    points.every((p) => Number.isInteger(p.value)),
  );
  const top = ticks.at(-1)!;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(points.length, 1);
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const y = (v: number) => Math.round((PAD.top + plotH - (v / top) * plotH) * 10) / 10;
  const every = Math.max(1, Math.ceil(points.length / 20));
  return html`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${ariaLabel}" xmlns="http://www.w3.org/2000/svg">
    ${(scale ? ticks : []).map(
      (t) =>
        html`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t)}" y2="${y(t)}" /><text
            x="${PAD.left - 6}"
            y="${y(t) + 4}"
            text-anchor="end"
            >${compactNumber(t)}</text
          >`,
    )}
    <line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(0)}" y2="${y(0)}" />
    ${points.map((p, i) => (i % every === 0 ? html`<text x="${x(i)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${p.x}</text>` : ""))}
    <text x="${PAD.left + plotW / 2}" y="${H - 4}" text-anchor="middle">iteration</text>
    ${marks(x, y, step)}
  </svg>`;
}

/** One bar per point. */
export function barChart(points: Point[], ariaLabel: string, options: { scale?: boolean } = {}): Html {
  return frame(points, ariaLabel, options.scale ?? true, (x, y, step) => {
    const width = Math.max(2, Math.min(48, step * 0.7));
    return html`${points.map(
      (p, i) =>
        html`<rect
          class="bar ${p.tone ?? ""}"
          x="${x(i) - width / 2}"
          y="${y(p.value)}"
          width="${width}"
          height="${Math.max(0, y(0) - y(p.value))}"
          ><title>${p.label}</title></rect
        >`,
    )}`;
  });
}

/** A line through the points, a dot on each; `second` (the same x, in order), a dashed line on the same scale. */
export function lineChart(points: Point[], ariaLabel: string, second: Point[] = []): Html {
  const scaled = points.map((p, i) => ({ ...p, value: Math.max(p.value, second[i]?.value ?? 0) }));
  return frame(scaled, ariaLabel, true, (x, y) => {
    const line = (series: Point[], other: string) =>
      html`<polyline
          class="series${other}"
          points="${series.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ")}"
        />${series.map(
          (p, i) => html`<circle class="dot${other}" cx="${x(i)}" cy="${y(p.value)}" r="4"><title>${p.label}</title></circle>`,
        )}`;
    return html`${second.length ? line(second, " other") : ""}${line(points, "")}`;
  });
}

/** How much of a cap was used, as a bar: amber past 80 %, red at the cap. */
export function meter(used: number, max: number, ariaLabel: string): Html {
  const share = max > 0 ? Math.min(1, used / max) : 0;
  const tone = share >= 1 ? "full" : share >= 0.8 ? "high" : "";
  return html`<svg viewBox="0 0 200 10" role="img" aria-label="${ariaLabel}" xmlns="http://www.w3.org/2000/svg">
    <rect class="track" x="0" y="0" width="200" height="10" rx="5" />
    <rect class="used ${tone}" x="0" y="0" width="${(200 * share).toFixed(1)}" height="10" rx="5" />
  </svg>`;
}
