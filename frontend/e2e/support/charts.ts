import { expect, type Page } from '@playwright/test';

/**
 * A score chart's canvas, once drawn: the chart's card is scrolled to first, as a student would,
 * because a chart is created only once its box comes near the screen (lazy-score-line-chart.tsx).
 */
export const expectChartDrawn = async (
  page: Page,
  card: 'MCAT Total Score' | 'MCAT Section Scores',
  name: string | RegExp,
): Promise<void> => {
  await page.getByRole('heading', { name: card, exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name })).toBeVisible();
};

/**
 * Scrolls to the first chart still waiting to be drawn, if there is one, as a student reading the
 * page would: a chart is created only once its box is near the screen while the app runs. In the
 * page, in one step: the spinner may be replaced by its chart at any moment.
 */
export const scrollToWaitingChart = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const waiting = [...document.querySelectorAll('[role="status"]')].find((status) =>
      status.textContent?.includes('Loading chart...'),
    );
    waiting?.scrollIntoView({ block: 'center' });
  });
