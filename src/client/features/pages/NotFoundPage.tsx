// Placeholder while the page is being written; replaced before commit.
export default function Page() {
  return null;
}
