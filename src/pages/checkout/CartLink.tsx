// The top bar's link to the cart with how many bundles it holds (the cart slice). Its own chunk: the top bar
// loads it only for a signed-in buyer on a site with the shop. It reads the cart when the buyer signs in and
// whenever they come back to the tab (another tab may have added to it), and empties the slice on sign-out;
// the pages that change the cart put each answer's list in the slice themselves.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userShopcartBundleList } from '../../generated/client';
import { cartCount } from '../../domain/checkout';
import { Icon } from '../../app/layout/icons';
import { useAppStore } from '../../app/store';
import { usePagePath } from '../shared/hooks';
import './strings';
import './cart-link.css';

export default function CartLink() {
  const { t } = useTranslation();
  const userId = useAppStore((s) => s.session.user?.user_client_id);
  const count = useAppStore((s) => cartCount(s.cart.list));
  const setCartList = useAppStore((s) => s.setCartList);
  const path = usePagePath('user_shoppingcart');

  useEffect(() => {
    if (!userId) return;
    let live = true;
    // A failed read leaves the count as it was: the cart page shows the problem, the top bar does not.
    const load = () => userShopcartBundleList({ user_client_id: userId }).then((a) => live && setCartList(a.shopcart_list), () => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      setCartList([]);
    };
  }, [userId, setCartList]);

  if (!path) return null;
  const words = `${t('checkout.cartLink')}: ${t('checkout.cartCount', { count })}`;
  return (
    <Link className="topbar__session cart-link" to={path} aria-label={words} title={words}>
      <Icon name="cart" />
      {count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
