import { productEnv, signInWithForm, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What has focus, as a screen reader would name it: its role or tag, and its accessible name or text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    return `${role}: ${name.trim().replace(/\s+/g, ' ')}`;
  });
}

/** A new page's heading takes focus once the page is there: seconds, on a loaded machine, for the editor's chunk. */
const pageShown = { timeout: scaled(10_000) };

/** Where the caret is in the text: after which words, when nothing is selected. */
function caret(page: Page): Promise<string> {
  return page.evaluate(() => {
    const selection = document.getSelection();
    if (!selection?.isCollapsed || !selection.anchorNode) return `selected “${selection?.toString()}”`;
    return `after “${selection.anchorNode.textContent?.slice(0, selection.anchorOffset)}”`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, at most `limit` times: a keyboard user's way to a control. */
async function tabTo(page: Page, target: string, { back = false, limit = 40 } = {}): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if ((await focused(page)) === target) return presses;
  }
  throw new Error(
    `${target} not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${limit} presses; focus is on ${await focused(page)}`,
  );
}

describe('the admin with a keyboard only', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(productEnv), connectBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('signs in, writes a post with a heading and a link from the toolbar, submits it by Tab, and deletes it through the confirmation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(scaled(15_000));
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/login`);

    await tabTo(page, 'input: Email');
    await page.keyboard.type(superAdmin.email);
    await tabTo(page, 'input: Password');
    await page.keyboard.type(superAdmin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/dashboard');

    await tabTo(page, 'a: Blogs');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/blogs');
    await expect.poll(() => focused(page), pageShown).toBe('h1: Blog Management');
    await tabTo(page, 'a: Add New Blog');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), pageShown).toBe('h1: Create New Blog');

    await tabTo(page, 'input: Blog Title *');
    await page.keyboard.type('Journée portes ouvertes');
    await tabTo(page, 'textbox: Blog Content *');
    await page.keyboard.type('Au programme');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Inscrivez-vous sur notre site');
    for (let index = 0; index < 'notre site'.length; index += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForFunction(() => document.getSelection()?.toString() === 'notre site');

    // The link: back to the toolbar's Link button, its dialog, and back in the text.
    await tabTo(page, 'button: Link', { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input: Address');
    expect(await page.getByLabel('Link text').inputValue()).toBe('notre site');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'link-dialog-1280');
    await page.keyboard.type('www.centre-nkoabang.cm');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^textbox: Blog Content \*/);
    expect(await caret(page)).toBe('after “notre site”');

    // The heading: the first line, then the Heading picker and its option.
    await page.keyboard.press('Control+Home');
    await page.waitForFunction(() => {
      const selection = document.getSelection();
      return selection?.isCollapsed && selection.anchorOffset === 0 && selection.anchorNode?.textContent === 'Au programme';
    });
    await tabTo(page, 'button: Heading', { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, 'button: Heading 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^textbox: Blog Content \*/);
    const html = await page.locator('.ql-editor').innerHTML();
    expect(html).toContain('<h2>Au programme</h2>');
    expect(html).toContain('<a href="https://www.centre-nkoabang.cm" rel="noopener noreferrer" target="_blank">notre site</a>');

    // Tab leaves the text and reaches the submit button.
    const presses = await tabTo(page, 'button: Create Blog Post');
    expect(presses).toBeLessThan(12);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/blogs');
    await expect.poll(() => focused(page), pageShown).toBe('h1: Blog Management');

    await tabTo(page, 'button: Delete Journée portes ouvertes');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('button: Cancel');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Delete');
    await page.keyboard.press('Enter');
    // The page's message (the live region says the same words a moment later).
    await page.getByRole('main').getByText('Blog deleted successfully!').waitFor();
    await expect.poll(() => focused(page), pageShown).toBe('h1: Blog Management');
    expect(await page.getByRole('row').filter({ hasText: 'Journée portes ouvertes' }).count()).toBe(0);
    await context.close();
  });

  it('on a phone the menu is a dialog: focus moves in, stays in, Escape and Close return it to the Menu button', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    context.setDefaultTimeout(scaled(15_000));
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/login`);
    await signInWithForm(page, superAdmin, { touch: true });

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('a: Dashboard');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'menu-dialog-390');
    // Tab cycles inside the drawer: past its last link, back to its first control.
    const seen = new Set<string>();
    for (let index = 0; index < 12; index += 1) {
      await page.keyboard.press('Tab');
      seen.add(await focused(page));
    }
    expect([...seen].filter((name) => !/^(a|button): /.test(name))).toEqual([]);
    expect([...seen]).toContain('button: Close menu');
    expect([...seen]).not.toContain('button: Menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('button: Menu');
    expect(await page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);

    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect.poll(() => focused(page)).toBe('button: Menu');

    await menu.tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blogs' }).tap();
    await page.waitForURL('**/admin/blogs');
    await expect.poll(() => focused(page), pageShown).toBe('h1: Blog Management');
    await context.close();
  });
});
