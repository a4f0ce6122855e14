import { useEffect } from 'react';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';

type BlogBodyEditorProps = {
  // The html the editor starts from; a new value (another post loaded) replaces what it shows.
  html: string;
  onChange: (html: string) => void;
  // Called with the editor's insert-image command once it is ready (the meta image's "Insert").
  onReady?: (insertImage: (src: string, alt: string) => void) => void;
};

// The post's html in a rich-text editor (Tiptap through @mantine/tiptap); the "</>" control shows
// and edits the html itself.
export function BlogBodyEditor({ html, onChange, onReady }: BlogBodyEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, Image],
    content: html,
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
    <RichTextEditor editor={editor} aria-label="Post body" styles={{ content: { minHeight: 320 } }}>
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
          <RichTextEditor.SourceCode aria-label="Show the html" title="Show the html" />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
