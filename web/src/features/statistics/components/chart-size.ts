/** The spec's chart size (part 2 §2 'Statistics screen'); here so the page reserves it without the chart's code. */
export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 350;
