import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';

/** PageNotFound's panel, with antd's 404 illustration (loaded only when a page is not found). */
export default function NotFoundResult() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="Sorry, the page you are looking for does not exist or has moved."
      extra={<Link to={routes.home}>Back to Home</Link>}
    />
  );
}
