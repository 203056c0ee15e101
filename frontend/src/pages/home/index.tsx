import { Col, Row } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { DASHBOARDS_ENTRY, hasMenu } from '../../menus/menus';
import { AnalysisCards } from './components/analysis-cards';
import { GreetingCard } from './components/greeting-card';
import { MyWarningsCard } from './components/my-warnings-card';
import { TodoCards } from './components/todo-cards';
import { WarningCards } from './components/warning-cards';
import { IMPROVEMENT_MENU, WARNING_MENU, WARNING_PATH, WARNING_TASK_MENU, WARNING_TASK_PATH } from './home-data';
import { useMyWarnings, useTodoCounts, useWarningQueries } from './hooks';
import styles from './home.module.css';

const SUBSCRIPTION_MENU = 'ly_herm_intelligentAnalysis_subscription';
const SUBSCRIPTION_PATH = '/analysis/subscription';

/**
 * /index: the greeting, what waits for the person, task warnings where the menus allow them, and beside them
 * (on wide screens, so the page still fits one screen) the person's open quality-point warnings.
 */
export default function HomePage() {
  const { user } = useAuth();
  const todo = useTodoCounts();
  const warnings = useWarningQueries(user);
  // the links lead into 诊断改进: only for people who have it
  const withImprovement = hasMenu(user?.menus, IMPROVEMENT_MENU);
  const mine = useMyWarnings(withImprovement);
  // the greeting follows the hour the page opened
  const [now] = useState(() => new Date());
  if (!user) return null;
  const main = (
    <div className={styles.page}>
      <GreetingCard user={user} now={now} />
      <TodoCards state={todo} />
      <WarningCards queries={warnings} listLink={hasMenu(user.menus, WARNING_TASK_MENU) ? WARNING_TASK_PATH : null} />
      <AnalysisCards
        dashboardLink={hasMenu(user.menus, DASHBOARDS_ENTRY.key) ? DASHBOARDS_ENTRY.path : null}
        subscriptionLink={hasMenu(user.menus, SUBSCRIPTION_MENU) ? SUBSCRIPTION_PATH : null}
      />
    </div>
  );
  if (!withImprovement) return main;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        {main}
      </Col>
      <Col xs={24} xl={8}>
        <MyWarningsCard state={mine} menus={user.menus} allLink={hasMenu(user.menus, WARNING_MENU) ? WARNING_PATH : null} />
      </Col>
    </Row>
  );
}
