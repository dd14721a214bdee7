// The rich-text toolbar's formats (what each button does and when it shows as pressed), apart from the
// React view so the round-trip test applies exactly these to a document.
import type { ChainedCommands, Editor } from '@tiptap/core';

export type ToolId = 'heading2' | 'heading3' | 'bold' | 'italic' | 'underline' | 'strike' | 'link' | 'bulletList' | 'orderedList' | 'blockquote' | 'undo' | 'redo';

export interface Tool {
  id: ToolId;
  /** aria-keyshortcuts / ProseMirror key names with Mod for Ctrl or ⌘. */
  keys?: string;
  /** Marks and blocks show their state with aria-pressed; undo and redo do not. */
  pressed?: (editor: Editor) => boolean;
  /** Applies the format; link is not here (it asks for an address first, see applyLink). */
  command?: (chain: ChainedCommands) => ChainedCommands;
}

export const TOOL_GROUPS: Tool[][] = [
  [
    { id: 'heading2', keys: 'Mod+Alt+2', pressed: (e) => e.isActive('heading', { level: 2 }), command: (c) => c.toggleHeading({ level: 2 }) },
    { id: 'heading3', keys: 'Mod+Alt+3', pressed: (e) => e.isActive('heading', { level: 3 }), command: (c) => c.toggleHeading({ level: 3 }) },
  ],
  [
    { id: 'bold', keys: 'Mod+B', pressed: (e) => e.isActive('bold'), command: (c) => c.toggleMark('bold') },
    { id: 'italic', keys: 'Mod+I', pressed: (e) => e.isActive('italic'), command: (c) => c.toggleMark('italic') },
    { id: 'underline', keys: 'Mod+U', pressed: (e) => e.isActive('underline'), command: (c) => c.toggleUnderline() },
    { id: 'strike', keys: 'Mod+Shift+S', pressed: (e) => e.isActive('strike'), command: (c) => c.toggleStrike() },
    { id: 'link', keys: 'Mod+K', pressed: (e) => e.isActive('link') },
  ],
  [
    { id: 'bulletList', keys: 'Mod+Shift+8', pressed: (e) => e.isActive('bulletList'), command: (c) => c.toggleBulletList() },
    { id: 'orderedList', keys: 'Mod+Shift+7', pressed: (e) => e.isActive('orderedList'), command: (c) => c.toggleOrderedList() },
    { id: 'blockquote', keys: 'Mod+Shift+B', pressed: (e) => e.isActive('blockquote'), command: (c) => c.toggleBlockquote() },
  ],
  [
    { id: 'undo', keys: 'Mod+Z', command: (c) => c.undo() },
    { id: 'redo', keys: 'Mod+Shift+Z', command: (c) => c.redo() },
  ],
];

export const TOOLS: Tool[] = TOOL_GROUPS.flat();
export const toolById = (id: ToolId): Tool => TOOLS.find((t) => t.id === id)!;

/**
 * Links the selection (or the link the cursor is in) to `href`, keeping its other attributes; with nothing
 * selected outside a link, inserts the address itself as the link's text.
 */
export function applyLink(editor: Editor, chain: ChainedCommands, href: string): boolean {
  if (editor.state.selection.empty && !editor.isActive('link'))
    return chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
  return chain.extendMarkRange('link').setLink({ ...editor.getAttributes('link'), href }).run();
}

export const removeLink = (chain: ChainedCommands): boolean => chain.extendMarkRange('link').unsetLink().run();
