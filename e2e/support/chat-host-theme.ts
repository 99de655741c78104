/** The background the test host hands its views as --color-background-primary (a dark one, so a view that ignores it shows it). */
export const HOST_BACKGROUND = 'rgb(31, 31, 30)';
