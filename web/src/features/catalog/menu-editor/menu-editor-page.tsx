export default function MenuEditorPage() {
  return null;
}
