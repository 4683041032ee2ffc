import { siteConfig } from '../config.ts';

/** Where the browser reaches the API, for the pages to print (forms' actions): same origin by default. */
export const API = siteConfig.publicApiUrl;
