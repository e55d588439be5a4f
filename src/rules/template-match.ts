import { compileTemplate } from './substitution.ts';

/**
 * Whether a text sent with a template code keeps to that template: the template's own words in
 * the same order, each `#{key}` standing for any text (the client's own keyword, or a value it
 * filled in itself). The messaging platforms refuse a message that does not match its approved
 * template, so the gateway refuses it up front instead of failing every recipient later.
 * Line ends are compared without regard to CRLF versus LF.
 */
export function matchesTemplate(templateText: string, text: string): boolean {
  const norm = (s: string) => s.replace(/\r\n/g, '\n');
  const t = compileTemplate(norm(templateText));
  if (!t.hasKeys) return norm(text) === t.text;
  const parts = t.text.split(/#\{[^}]+\}/);
  const pattern = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(norm(text));
}
