/** Spec §4 names `icons` among the routes that are not generated from the menus: every signed-in user has it. */
export const ICONS_PATH = '/icons';
