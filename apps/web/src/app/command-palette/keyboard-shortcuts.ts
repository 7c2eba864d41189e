// Every shortcut of the portal, as the help dialog ('Atajos de teclado') lists them.
export interface ShortcutEntry {
  keys: string[];
  description: string;
}

export const KEYBOARD_SHORTCUTS: ShortcutEntry[] = [
  { keys: ['Ctrl+K', '⌘K'], description: 'Abrir la búsqueda rápida de negocios y pantallas' },
  { keys: ['/'], description: 'Ir al buscador del directorio' },
  { keys: ['j', 'k'], description: 'Bajar o subir por las filas del directorio' },
  {
    keys: ['↓', '↑'],
    description:
      'Bajar o subir por las filas del directorio o de la búsqueda rápida; en el buscador del directorio, ↓ pasa a las filas de resultados',
  },
  {
    keys: ['Enter'],
    description:
      'Abrir el negocio o la pantalla seleccionada; en el buscador del directorio, pasar a las filas cuando ya se muestran',
  },
  { keys: ['?'], description: 'Mostrar estos atajos de teclado' },
  { keys: ['Esc'], description: 'Cerrar la ventana abierta, o salir del buscador sin borrar la búsqueda' },
];

/** Where '/' takes the person when the directory is not on screen. */
export const DIRECTORY_PATH = '/admin-dashboard?tab=buscar';

/** The attribute of the directory's search box, which '/' focuses. */
export const DIRECTORY_SEARCH_ATTRIBUTE = 'data-directory-search';
