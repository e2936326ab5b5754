import type { Page } from 'playwright-core';

/** The page once its title is there and its data requests have answered. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
}

/**
 * What sticks out of a `width` wide screen, in words: the page scrolling sideways, an element
 * reaching past either edge, or a box (a table's) that scrolls sideways. A tab strip may
 * scroll sideways, as tabs do; nothing else may.
 */
export async function sidewaysProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const name = (element: Element) => {
      const text = (element.textContent ?? '').trim().slice(0, 40);
      const classes = [...element.classList].filter((entry) => entry.startsWith('Mui')).slice(0, 2).join('.');
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    const scrollsSideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const inTabStrip = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (scrollsSideways(box) && box.querySelector('[role="tablist"]')) return true;
      }
      return false;
    };
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`Die Seite ist ${pageWidth} px breit.`);
    const reported: Element[] = [];
    const report = (element: Element, problem: string) => {
      if (reported.some((outer) => outer.contains(element))) return;
      problems.push(`${name(element)} ${problem}`);
      reported.push(element);
    };
    // Text for screen readers only sits in a box a pixel wide; what it holds is clipped. An
    // element drawn without a box of its own (a dialog's form, `display: contents`) hides nothing.
    const hidden = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement) {
        if (getComputedStyle(box).display === 'contents') continue;
        const { width: boxWidth, height } = box.getBoundingClientRect();
        if (boxWidth <= 1 || height <= 1) return true;
      }
      return false;
    };
    const outside = (box: { left: number; right: number }) => box.left < -0.5 || box.right > width + 0.5;
    // What of an element can be seen: a box that clips its overflow (a switch's wide, invisible
    // input inside its round frame) cuts it to its own width.
    const visiblePart = (element: Element) => {
      let { left, right } = element.getBoundingClientRect();
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (!['hidden', 'clip'].includes(getComputedStyle(box).overflowX)) continue;
        const frame = box.getBoundingClientRect();
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
      }
      return { left, right };
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (hidden(element) || inTabStrip(element)) continue;
      const box = visiblePart(element);
      if (box.right <= box.left) continue;
      if (scrollsSideways(element) && element.scrollWidth > element.clientWidth + 1 && !element.querySelector('[role="tablist"]')) {
        report(element, `scrollt seitwärts (${element.scrollWidth} px Inhalt in ${element.clientWidth} px).`);
      } else if (outside(box)) {
        report(element, `reicht von ${Math.round(box.left)} bis ${Math.round(box.right)} px.`);
      } else if (
        element.matches('button, [role="button"], a[href]') &&
        element.scrollWidth > element.clientWidth + 1 &&
        // An ellipsis says the text goes on (a title in a calendar's day): the whole text is still the control's name.
        getComputedStyle(element).textOverflow !== 'ellipsis'
      ) {
        // A control squeezed below its text: the label spills over its neighbour (or is cut off).
        report(element, `ist zu schmal für seinen Text (${element.scrollWidth} px Inhalt in ${element.clientWidth} px).`);
      }
    }
    // A word too long for its box spills out of it (or is cut off) while the box keeps its width.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || hidden(parent) || inTabStrip(parent)) continue;
      // A text cut off with an ellipsis (a title in a calendar's day) ends where its box does.
      if (getComputedStyle(parent).textOverflow === 'ellipsis') continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const line = [...range.getClientRects()].find(outside);
      if (line) report(parent, `hat Text von ${Math.round(line.left)} bis ${Math.round(line.right)} px.`);
    }
    return problems;
  }, width);
}

/**
 * The controls a finger has to hit that are smaller than `size` px either way (WCAG 2.5.5):
 * buttons, tabs, links outside running text, fields, checkboxes and switches (measured with
 * their label, which takes the tap as well). Hidden and zero-sized ones do not count.
 */
export async function smallTouchTargets(page: Page, size = 44): Promise<string[]> {
  return page.evaluate((size) => {
    const problems: string[] = [];
    const visible = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.display === 'contents') continue;
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        const { width, height } = box.getBoundingClientRect();
        if (width <= 1 || height <= 1) return false;
      }
      return true;
    };
    const controls = document.body.querySelectorAll(
      'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [role="option"], [role="combobox"], input:not([type="hidden"]), textarea',
    );
    const seen = new Set<Element>();
    for (const control of controls) {
      // A native checkbox or switch sits invisibly on its drawing; its label takes the tap too.
      // A text field is hit anywhere in its frame, not only on the line of text inside it.
      const checkable = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type);
      const target = checkable
        ? (control.closest('label') ?? control.parentElement ?? control)
        : ((control.matches('input, textarea, [role="combobox"]') ? control.closest('.MuiInputBase-root') : null) ?? control);
      if (seen.has(target) || !visible(target)) continue;
      seen.add(target);
      // A link inside a sentence is exempt, as the guideline says for inline targets.
      if (target instanceof HTMLAnchorElement && target.closest('p, li') && !target.closest('nav, [role="navigation"]') && getComputedStyle(target).display === 'inline') continue;
      const { width, height } = target.getBoundingClientRect();
      if (width + 0.5 < size || height + 0.5 < size) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
        const classes = [...target.classList].filter((entry) => entry.startsWith('Mui')).slice(0, 2).join('.');
        problems.push(`<${target.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${name}" ist ${Math.round(width)} × ${Math.round(height)} px groß.`);
      }
    }
    return problems;
  }, size);
}

/**
 * Words the browser broke inside themselves (issue 28.6), as in "TERMIN/E" or a gallery title
 * of three letters a line: each word of the visible text is measured as a range of its own,
 * and a word with boxes on two lines is broken. A break right after a hyphen, dash, slash,
 * dot, @ or underscore (an address, "Luftgewehr/Luftpistole") or at a soft hyphen is how such
 * words are meant to wrap and counts as whole, and so does a word wider than the screen less
 * the paddings of a card (nothing there could hold it); everything else, an element narrower
 * than a word that would fit, is reported.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const shown = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.display === 'contents') continue;
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        const { width, height } = box.getBoundingClientRect();
        if (width <= 1 || height <= 1) return false;
      }
      return true;
    };
    const lineOf = (text: Text, index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const box = [...range.getClientRects()].find((rect) => rect.width > 0);
      return box ? Math.round(box.top) : undefined;
    };
    // The widest a word can be drawn on one line: its column (the page's main part, a dialog,
    // the header) less a card's paddings of 16 px.
    const roomFor = (element: Element) => {
      const column = element.closest('main, [role="dialog"], header, footer, nav') ?? document.documentElement;
      return column.clientWidth - 32;
    };
    const unbrokenWidth = (word: string, parent: Element) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(parent);
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${style.font};letter-spacing:${style.letterSpacing};text-transform:${style.textTransform}`;
      probe.textContent = word;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || parent.closest('script, style, noscript') || !shown(parent)) continue;
      for (const word of text.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size < 2 || unbrokenWidth(word[0], parent) > roomFor(parent)) continue;
        // Where the word goes to the next line, and whether it may.
        let previous = lineOf(text, word.index);
        for (let offset = 1; offset < word[0].length; offset += 1) {
          const line = lineOf(text, word.index + offset);
          if (line === undefined || previous === undefined || line === previous) {
            previous = line ?? previous;
            continue;
          }
          if (!/[-–/.@_\u00AD]/.test(word[0][offset - 1]!)) {
            const where = parent.closest('[role="dialog"], table, nav, main, header, footer');
            broken.push(`„${word[0]}“ in <${parent.tagName.toLowerCase()}>${where ? ` (${where.tagName.toLowerCase()})` : ''} nach „${word[0].slice(0, offset)}“ umbrochen`);
            break;
          }
          previous = line;
        }
      }
    }
    return broken;
  });
}
