/**
 * What makes a page less than whole on a narrow screen, measured in the browser on what is shown:
 * - the page wider than the screen (it scrolls sideways);
 * - a box wider than its parent;
 * - a box shown partly off the screen;
 * - a box that hides or scrolls part of what it shows sideways (a table in a scrolling box, a
 *   label cut short with an ellipsis);
 * - text wider than the element it is in.
 * Intended clipping of what is not shown (the invisible input of a switch, the moving bar of a
 * progress bar) is no problem, and neither is a button's ripple (MUI's TouchRipple: a circle
 * wider than the button, cut to it on purpose, that spreads from a click or pulses on focus).
 */
import type { Page } from '@playwright/test';

/**
 * Each problem of the page as a sentence naming the element ("table[aria-label="Test History"]
 * is 819 px wide in div.MuiTableContainer-root (254 px)"); none when the page is whole.
 */
export const sidewaysOverflows = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    /** Sub-pixel layout rounds: a pixel either way is not a problem. */
    const SLACK = 1;
    /** Form controls scroll their own text as it is typed; that is not content cut off. */
    const FORM_CONTROLS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
    const problems: string[] = [];
    const px = (n: number) => `${Math.round(n)} px`;
    const root = document.documentElement;

    interface Span {
      left: number;
      right: number;
    }

    const describe = (element: Element): string => {
      const label = element.getAttribute('aria-label');
      const classes = [...element.classList].filter((name) => !name.startsWith('css-')).slice(0, 2);
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return (
        element.tagName.toLowerCase() +
        (element.id ? `#${element.id}` : '') +
        classes.map((name) => `.${name}`).join('') +
        (label ? `[aria-label="${label}"]` : '') +
        (text ? ` ("${text}")` : '')
      );
    };
    const RIPPLE = '.MuiTouchRipple-root';
    const shown = (element: Element): boolean =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest(RIPPLE);
    const sized = (box: DOMRect) => box.width > SLACK && box.height > SLACK;
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    /** Where an element shows what it holds: inside its borders, its scrollbar excluded. */
    const inside = (element: Element): Span => {
      const left = element.getBoundingClientRect().left + element.clientLeft;
      return { left, right: left + element.clientWidth };
    };
    /** The part of `box` left by the clipping ancestors of `node` below `top`. */
    const unclipped = (node: Node, box: Span, top: Element | null): Span => {
      let span = box;
      for (let up = node.parentElement; up && up !== top; up = up.parentElement) {
        if (up !== document.body && up !== root && clips(up)) {
          const clip = inside(up);
          span = { left: Math.max(span.left, clip.left), right: Math.min(span.right, clip.right) };
        }
      }
      return span;
    };
    const beyond = (span: Span, holder: Span) =>
      span.right - span.left > SLACK &&
      (span.left < holder.left - SLACK || span.right > holder.right + SLACK);
    /** The nearest ancestor with a box of its own to hold its children (not inline, not contents). */
    const holderOf = (element: Element): Element | null => {
      let holder = element.parentElement;
      while (holder && /^(inline|contents)$/.test(getComputedStyle(holder).display)) {
        holder = holder.parentElement;
      }
      return holder;
    };
    const textRange = document.createRange();
    /**
     * Where a text's letters are: the box of its words, not of the spaces between them (a space
     * where a line wraps may hang past the edge, unseen).
     */
    const textBox = (node: Text): DOMRect => {
      let union: DOMRect | null = null;
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        textRange.setStart(node, word.index);
        textRange.setEnd(node, word.index + word[0].length);
        const box = textRange.getBoundingClientRect();
        union = union
          ? DOMRect.fromRect({
              x: Math.min(union.left, box.left),
              y: Math.min(union.top, box.top),
              width: Math.max(union.right, box.right) - Math.min(union.left, box.left),
              height: Math.max(union.bottom, box.bottom) - Math.min(union.top, box.top),
            })
          : box;
      }
      return union ?? new DOMRect();
    };
    const shownTexts = (within: Element): Text[] => {
      const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (node.textContent?.trim() && parent && shown(parent)) texts.push(node as Text);
      }
      return texts;
    };
    /** Whether something shown in `container` lies beyond its sides (cut off or scrolled away). */
    const showsLessThanItHolds = (container: Element): boolean => {
      const holds = inside(container);
      const elements = [...container.querySelectorAll('*')].filter((element) => {
        if (!shown(element)) return false;
        const box = element.getBoundingClientRect();
        return sized(box) && beyond(unclipped(element, box, container), holds);
      });
      const texts = shownTexts(container).filter((text) => {
        const box = textBox(text);
        return sized(box) && beyond(unclipped(text, box, container), holds);
      });
      return elements.length > 0 || texts.length > 0;
    };

    const screen: Span = { left: 0, right: root.clientWidth };
    if (root.scrollWidth > root.clientWidth + SLACK) {
      problems.push(`the page is ${px(root.scrollWidth)} wide on a ${px(root.clientWidth)} screen`);
    }

    for (const element of [document.body, ...document.body.querySelectorAll('*')]) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (!sized(box)) continue;
      const holder = holderOf(element);
      const holderBox = holder?.getBoundingClientRect();
      if (holder && holderBox && sized(holderBox) && box.width > holderBox.width + SLACK) {
        problems.push(
          `${describe(element)} is ${px(box.width)} wide in ${describe(holder)} (${px(holderBox.width)})`,
        );
      }
      if (beyond(unclipped(element, box, null), screen)) {
        problems.push(`${describe(element)} is partly off the screen`);
      }
      if (
        clips(element) &&
        !FORM_CONTROLS.has(element.tagName) &&
        element.scrollWidth > element.clientWidth + SLACK &&
        showsLessThanItHolds(element)
      ) {
        problems.push(
          `${describe(element)} hides or scrolls ${px(element.scrollWidth - element.clientWidth)} of its content sideways`,
        );
      }
    }

    for (const text of shownTexts(document.body)) {
      const element = text.parentElement as Element;
      const elementBox = element.getBoundingClientRect();
      const box = textBox(text);
      if (sized(elementBox) && sized(box) && beyond(box, elementBox)) {
        problems.push(
          `the text "${(text.textContent ?? '').trim().slice(0, 40)}" is ${px(box.width)} wide in ${describe(element)} (${px(elementBox.width)})`,
        );
      }
    }
    return problems;
  });
