/**
 * The Scripture face as CSS `font` shorthand (index.css's @font-face Literata, normal 400): what the
 * reader waits for before setting a chapter, and what /first-screen.js starts loading on /home.
 */
export const SCRIPTURE_FONT = '1em Literata';
