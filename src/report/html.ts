// The page's HTML: one escaping rule for every piece of text, and the frame that holds a report.
// Text from a loop (the goal, file names, diffs, the audit's words) is the agent's: it goes into the
// page only through `esc`, and the Content-Security-Policy runs no script at all and loads nothing, so
// even a slip in escaping could neither run code nor reach the network.
import { createHash } from "node:crypto";
import { PAGE_CSS } from "./style.js";

/** Text or attribute value as HTML: the five characters that could end text, a tag or an attribute. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Markup made by the report itself, as opposed to text that must be escaped. */
export interface Html {
  html: string;
}

/** A template tag: values are escaped unless they are Html (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1]!;
  });
  return { html: out };
}

function piece(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(piece).join("");
  if (typeof value === "object" && "html" in value) return (value as Html).html;
  return esc(String(value));
}

/** sha256 of the style sheet, so the policy allows that one sheet and no other style. */
const styleHash = () => createHash("sha256").update(PAGE_CSS).digest("base64");

/** The policy of every report: nothing loads, no script runs, only the page's own style sheet applies. */
export function contentSecurityPolicy(): string {
  return `default-src 'none'; style-src 'sha256-${styleHash()}'; img-src 'none'; script-src 'none'; base-uri 'none'; form-action 'none'`;
}

/** A whole page. */
export function page(title: string, body: Html): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy())}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
${body.html}
</body>
</html>
`;
}
