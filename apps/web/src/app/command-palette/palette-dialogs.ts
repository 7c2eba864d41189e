// The palette's lazy chunk: cmdk and both dialogs arrive on the first Ctrl+K or ?.
export { CommandPalette } from './command-palette.tsx';
export { ShortcutsHelp } from './shortcuts-help.tsx';
