// Placeholder while the page is being written; replaced before the issue closes.
export default function Page() {
  return null;
}
