import { useEffect, useId } from 'react';
import { Stack, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';

// The "{}" control's name and tooltip (Mantine's own says "text/source code").
const SOURCE_CODE_LABEL = 'Switch between the text and its html';

type BlogBodyEditorProps = {
  // The field's visible label, which also names the editable area (WCAG 4.1.2).
  label: string;
  // The html the editor starts from; a new value (another post loaded) replaces what it shows.
  html: string;
  onChange: (html: string) => void;
  // Called with the editor's insert-image command once it is ready (the meta image's "Insert").
  onReady?: (insertImage: (src: string, alt: string) => void) => void;
};

// The post's html in a rich-text editor (Tiptap through @mantine/tiptap); the "{}" control shows
// and edits the html itself. The editable area is a multi-line textbox named by the label above it
// (a <label> cannot name a contenteditable div, so aria-labelledby does); every toolbar control has
// Mantine's name, the html switch ours.
export function BlogBodyEditor({ label, html, onChange, onReady }: BlogBodyEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, Image],
    content: html,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    if (editor && onReady) onReady((src, alt) => editor.chain().focus().setImage({ src, alt }).run());
  }, [editor, onReady]);

  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm" id={labelId}>
        {label}
      </Text>
      <RichTextEditor
        editor={editor}
        labels={{ sourceCodeControlLabel: SOURCE_CODE_LABEL }}
        styles={{ content: { minHeight: 320 } }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={60}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.SourceCode />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Stack>
  );
}
