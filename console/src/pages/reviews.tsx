import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Reviews() {
  return (
    <Page title="Template reviews">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
