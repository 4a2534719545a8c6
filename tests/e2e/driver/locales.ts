import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'puppeteer-core';

/**
 * The shipped languages as a test reads them: their messages, the English words that must not show
 * in another language, and what is wrong with the words and the layout of a page drawn in one.
 */

type Messages = Record<string, { message: string }>;

const root = path.resolve(import.meta.dirname, '../../..');

/** The messages of `locale` as shipped (`public/_locales/<locale>/messages.json`). */
export function messagesOf(locale: string): Messages {
  return JSON.parse(readFileSync(path.join(root, 'public/_locales', locale, 'messages.json'), 'utf8')) as Messages;
}

const english = messagesOf('en');

/** The words of `locale` for a message key (the key itself when missing, as the extension shows it). */
export function wordsOf(locale: string): (key: string) => string {
  const words = messagesOf(locale);
  return (key) => words[key]?.message ?? key;
}

/**
 * The English words that must not appear in `locale`: the fixed parts (between placeholders) of each
 * English message the language words differently, long enough not to occur by chance.
 */
function englishOnly(locale: string): string[] {
  const messages = messagesOf(locale);
  return Object.entries(english).flatMap(([key, { message }]) => {
    const own = messages[key]?.message;
    if (own === undefined || own === message) return [];
    return message
      .split(/\$[A-Za-z0-9_]+\$/)
      .map((part) => part.trim())
      .filter((part) => part.length >= 14 && !own.includes(part));
  });
}

/**
 * What is wrong with the words and the layout of a page or frame in `locale`, one line per problem:
 * a raw `__MSG_` or message key, English where the language has its own words, a control with no
 * name, the wrong `lang`, anything past the right edge or cut off.
 */
export function localeProblems(where: Page | Frame, locale: string): Promise<string[]> {
  return where.evaluate(
    ({ keys, leaks, locale }) => {
      const found: string[] = [];
      const html = document.documentElement.outerHTML;
      if (html.includes('__MSG_')) found.push('a raw __MSG_ placeholder');
      if (document.documentElement.lang !== locale) found.push(`<html lang="${document.documentElement.lang}">`);
      const text = document.body.innerText;
      // t() shows the key itself when a message is missing.
      for (const word of text.split(/[^A-Za-z0-9_]+/)) if (keys.includes(word)) found.push(`the raw key ${word}`);
      for (const leak of leaks) if (text.includes(leak)) found.push(`English: "${leak}"`);
      const named = 'button, h1, h2, h3, h4, label, legend, a, summary, [role="tab"], [role="group"], th';
      for (const element of document.querySelectorAll<HTMLElement>(named)) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent ?? '';
        if (name.trim() === '' && element.getAttribute('aria-labelledby') === null && !element.hidden) {
          found.push(`a ${element.localName} with no text: ${element.outerHTML.slice(0, 120)}`);
        }
      }
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width + 1) {
        found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
      }
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || style.visibility === 'hidden' || element.closest('.visually-hidden, [hidden]')) continue;
        if (['TEXTAREA', 'INPUT', 'SELECT', 'OPTION'].includes(element.tagName)) continue;
        const what = `${element.localName}.${element.className} "${(element.innerText ?? '').slice(0, 40)}"`;
        if (box.right > width + 1) found.push(`past the right edge (${Math.round(box.right)} > ${width}): ${what}`);
        const clips = ['hidden', 'clip'].includes(style.overflowX);
        if (clips && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
          found.push(`cut off (${element.scrollWidth} > ${element.clientWidth}): ${what}`);
        }
      }
      return found;
    },
    { keys: Object.keys(english), leaks: englishOnly(locale), locale },
  );
}
