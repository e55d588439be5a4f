import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { InboxItem } from '../../console/src/messages/item.tsx';
import type { TimelineItem } from '../../console/src/messages/types.ts';

/*
 * The renderers' tests read the HTML a person would see: the text, the images (src and alt), the
 * links, the article's name. Plain string readers suffice: the markup is preact's own output.
 * (JSX stays out of the test files: tsx reads the console's JSX settings only for console/src.)
 */

export function html(item: TimelineItem): string {
  return render(h(InboxItem, { item }));
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1] ?? '') : undefined;
}

/** What is written on the page, tags dropped, spaces collapsed. */
export function textOf(markup: string): string {
  return decode(markup.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The article's accessible name. */
export function labelOf(markup: string): string | undefined {
  const tag = /<article\b[^>]*>/.exec(markup)?.[0];
  return tag ? attr(tag, 'aria-label') : undefined;
}

export function imagesOf(markup: string): Array<{ src: string | undefined; alt: string | undefined }> {
  return [...markup.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
    src: attr(tag, 'src'),
    alt: attr(tag, 'alt'),
  }));
}

/** Images the page cannot show (no address): their labels. */
export function placeholdersOf(markup: string): string[] {
  return [...markup.matchAll(/<div\b[^>]*role="img"[^>]*>/g)].map(([tag]) => attr(tag, 'aria-label') ?? '');
}

export interface LinkSeen {
  href: string | undefined;
  text: string;
  target: string | undefined;
  rel: string | undefined;
  alt: string[];
}

/** Links with their text (or their image's alt). */
export function linksOf(markup: string): LinkSeen[] {
  return [...markup.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs = '', inner = '']) => ({
    href: attr(attrs, 'href'),
    text: textOf(inner),
    target: attr(attrs, 'target'),
    rel: attr(attrs, 'rel'),
    alt: imagesOf(inner).map((i) => i.alt ?? ''),
  }));
}

/** Links that leave the console (messages' buttons, images, items): always new tab, no referrer. */
export function externalLinksOf(markup: string): LinkSeen[] {
  return linksOf(markup).filter((l) => !l.href?.startsWith('/console/'));
}

/** The names of the message's buttons (links or labels), in order. */
export function buttonsOf(markup: string): string[] {
  return [...markup.matchAll(/class="msg-button"[^>]*>([\s\S]*?)<\/(?:a|span)>/g)].map(([, t = '']) =>
    textOf(t),
  );
}

/** The cards of a carousel, each as its text. */
export function slidesOf(markup: string): string[] {
  return [
    ...markup.matchAll(
      /<li class="msg-carousel-card"[^>]*>([\s\S]*?)<\/li>(?=<li class="msg-carousel-card|<\/ol>)/g,
    ),
  ].map(([, inner = '']) => textOf(inner));
}

/** Nothing inline: the console's CSP refuses style attributes and <style> elements. */
export function hasInlineStyle(markup: string): boolean {
  return /\sstyle=|<style\b/i.test(markup);
}
