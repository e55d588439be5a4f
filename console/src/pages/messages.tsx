import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Messages() {
  return (
    <Page title="Messages">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
