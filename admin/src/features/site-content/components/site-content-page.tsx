import './site-content.css';
import { adminPaths } from '@cfp/shared';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';

const screens = [
  {
    to: adminPaths.content.centre,
    title: 'Centre details',
    text: 'Name, phones, WhatsApp, email, address, opening hours, approval and social networks.',
  },
  {
    to: adminPaths.content.programmes,
    title: 'Programmes',
    text: 'Each programme’s duration, level, diploma, schedules, fees, next intakes, and its texts in French and English.',
  },
  {
    to: adminPaths.content.faq,
    title: 'FAQ',
    text: 'The questions and answers of the site’s FAQ pages, in French and English, in their order.',
  },
] as const;

/** The facts of the public site that staff change here: each save goes live after the site is rebuilt. */
export function SiteContentPage() {
  return (
    <section className="site-content">
      <PageHeader
        title="Site content"
        description="The facts the public site shows, and their words in French and English. Each save is kept with its author and can be undone; the site updates by itself."
      />
      <ul className="content-screens">
        {screens.map((screen) => (
          <li key={screen.to}>
            <Link className="content-screens__link" to={screen.to}>
              <span className="content-screens__title">{screen.title}</span>
              <span className="content-screens__text">{screen.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
