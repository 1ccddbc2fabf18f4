// The report's one style sheet, inline in the page (its hash is in the page's policy: html.ts).
export const PAGE_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
  --pass: #1a7f37; --fail: #cf222e; --flaky: #9a6700; --info: #0969da; --other: #8250df; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1080px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
p { margin: 6px 0; }
.sub { color: var(--muted); margin: 0 0 16px; }
.muted { color: var(--muted); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 13px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; }
.goal { font-size: 14px; max-height: 320px; overflow: auto; }
.badge { display: inline-block; padding: 1px 10px; border-radius: 999px; font-weight: 600; font-size: 13px; color: #fff; background: var(--muted); vertical-align: middle; }
.badge.pass, .badge.achieved, .badge.EARLY_SUCCESS, .badge.COMPLETED { background: var(--pass); }
.badge.fail, .badge.unmet, .badge.CIRCUIT_BREAKER, .badge.ERROR { background: var(--fail); }
.badge.flaky, .badge.budget-limited, .badge.MAX_ITERATIONS, .badge.blocked, .badge.paused { background: var(--flaky); }
.badge.pursuing, .badge.running, .badge.waiting { background: var(--info); }
.status { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; margin: 12px 0; padding: 12px 14px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
.status .why { flex: 1 1 300px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.caps { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 12px; }
.cap { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.cap .name { color: var(--muted); font-size: 13px; }
.cap .value { font-weight: 600; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; }
figure { max-width: 700px; margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
figcaption { font-weight: 600; margin-bottom: 4px; }
figure .note { font-size: 13px; color: var(--muted); }
svg { display: block; width: 100%; height: auto; }
svg.chart { max-width: 640px; }
svg text { font: 13px system-ui, sans-serif; fill: var(--muted); }
svg .axis { stroke: var(--line); }
svg .grid { stroke: #eaeef2; }
svg .series { fill: none; stroke: var(--info); stroke-width: 2; }
svg .dot { fill: var(--info); }
svg .series.other { stroke: var(--other); stroke-dasharray: 5 4; }
svg .dot.other { fill: var(--other); }
svg .bar { fill: var(--info); }
svg .bar.pass { fill: var(--pass); } svg .bar.fail { fill: var(--fail); } svg .bar.flaky { fill: var(--flaky); } svg .bar.none { fill: var(--line); }
svg .track { fill: #eaeef2; }
svg .used { fill: var(--info); } svg .used.high { fill: var(--flaky); } svg .used.full { fill: var(--fail); }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.summary { overflow-wrap: anywhere; }
.iteration { border: 1px solid var(--line); border-radius: 8px; margin: 12px 0; padding: 4px 14px 10px; }
.iteration h3 { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.iteration h3 .when { color: var(--muted); font-weight: normal; font-size: 13px; }
ul.reasons { margin: 4px 0; padding-left: 20px; }
ul.files { list-style: none; margin: 4px 0; padding: 0; }
ul.files li { margin: 2px 0; }
details > summary { cursor: pointer; overflow-wrap: anywhere; }
details[open] > summary { margin-bottom: 4px; }
.st { display: inline-block; width: 1.6em; text-align: center; font-weight: 700; border-radius: 4px; margin-right: 6px; font-family: ui-monospace, monospace; }
.st.A { color: var(--pass); } .st.D { color: var(--fail); } .st.M, .st.T { color: var(--flaky); }
pre.diff { white-space: pre; padding: 0; max-height: 600px; overflow: auto; }
pre.diff span { display: block; padding: 0 10px; min-height: 1.3em; }
pre.diff .add { background: #dafbe1; } pre.diff .del { background: #ffebe9; } pre.diff .hunk { background: #ddf4ff; color: var(--muted); }
.gaps { border-left: 4px solid var(--flaky); background: #fff8c5; padding: 8px 12px; border-radius: 4px; margin: 12px 0; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
`;
