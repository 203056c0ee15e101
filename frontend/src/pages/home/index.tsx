import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { GreetingCard } from './components/greeting-card';
import { TodoCards } from './components/todo-cards';
import { WarningCards } from './components/warning-cards';
import { useTodoCounts, useWarningSummaries } from './hooks';
import styles from './home.module.css';

/** /index: the greeting, what waits for the person, and task warnings where the menus allow them. */
export default function HomePage() {
  const { user } = useAuth();
  const todo = useTodoCounts();
  const warnings = useWarningSummaries(user);
  // the greeting follows the hour the page opened
  const [now] = useState(() => new Date());
  if (!user) return null;
  return (
    <div className={styles.page}>
      <GreetingCard user={user} now={now} />
      <TodoCards state={todo} />
      <WarningCards scopes={warnings} />
    </div>
  );
}
