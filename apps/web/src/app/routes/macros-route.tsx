import { MacroEditorPage } from '../../features/macros/components/macro-editor-page.tsx';

// /macros (spec 001 section 2): the macro editor.
export function MacrosRoute() {
  return <MacroEditorPage />;
}
