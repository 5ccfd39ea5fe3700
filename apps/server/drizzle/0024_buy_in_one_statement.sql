-- A buy in one statement (decision 0034): `buy_video` does in the database what the server did in
-- ten statements and a transaction's two, in the same order and with the same rules — the buyer's
-- money lock first (decision 0023, db/locks.ts), the Idempotency-Key claimed in the same
-- transaction, one BUY_VIDEO journal naming its cause with an entry for every movement, the author
-- paid as the journal's payee (decision 0032), REVENUE last on one of its shards, the PURCHASE
-- message. A refusal raises `buy_video:<reason>` and leaves nothing written.

-- The money lock of a person (class 8104, as `personLockExpression` in db/locks.ts takes it).
CREATE FUNCTION person_money_lock(p_user bigint) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(8104,
    CASE WHEN p_user <= 2147483647 THEN p_user::int4 ELSE hashtext(p_user::text) END)
$$;--> statement-breakpoint

-- What a viewer pays for a CHARGE video: `payablePrice` of @platform/domain (pricing.ts) with no
-- benefit amount — a member pays amount × discount / 10 (the discount to two places, JavaScript's
-- Math.round, the product rounded half up), everyone else the amount. modules/substance
-- purchase.test.ts holds it to the domain's function.
CREATE FUNCTION video_price(p_amount bigint, p_discount double precision, p_member boolean)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN NOT p_member OR p_discount IS NULL OR NOT (p_discount > 0 AND p_discount < 10) THEN p_amount
    ELSE (p_amount * (CASE WHEN p_discount * 100 - floor(p_discount * 100) >= 0.5
                           THEN ceil(p_discount * 100) ELSE floor(p_discount * 100) END)::bigint + 500) / 1000
  END
$$;--> statement-breakpoint

CREATE FUNCTION buy_video(
  p_user bigint,
  p_video bigint,
  p_pay_type text,
  p_key text,
  p_endpoint text,
  p_request_hash text,
  p_now timestamptz,
  p_member_discount double precision,
  p_share_percent integer,
  p_shard integer,
  p_actor text,
  p_actor_id text,
  p_request_id text,
  p_address text,
  p_job text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_earlier_hash text;
  v_earlier_response jsonb;
  v_id bigint;
  v_title text;
  v_watch_level text;
  v_author bigint;
  v_amount bigint;
  v_discount double precision;
  v_member boolean;
  v_price bigint;
  v_share bigint;
  v_rest bigint;
  v_purchase bigint;
  v_reference text;
  v_journal bigint;
  v_buyer_account bigint;
  v_balance bigint;
  v_author_account bigint;
  v_author_balance bigint;
  v_platform_account bigint;
  v_platform_balance bigint;
  v_answer jsonb;
BEGIN
  -- 1. The buyer's money lock, before anything else (the lock order, decision 0023).
  PERFORM person_money_lock(p_user);

  -- The Idempotency-Key, claimed in this transaction: a second call with it waited on the lock
  -- above and answers what the first did; the same key with another request is refused.
  INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, response)
  VALUES (p_user, p_key, p_endpoint, p_request_hash, 'null'::jsonb)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT request_hash, response INTO v_earlier_hash, v_earlier_response
    FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
    IF v_earlier_hash IS DISTINCT FROM p_request_hash THEN
      RAISE EXCEPTION 'buy_video:idempotencyKeyReused';
    END IF;
    RETURN v_earlier_response;
  END IF;

  -- The video as this person may see it (published, or their own), and their membership.
  SELECT v.id, v.title, v.watch_level, v.author_id, v.amount, v.discount,
         u.vip_permanent OR (u.vip_expires_at IS NOT NULL
                             AND date_trunc('milliseconds', u.vip_expires_at) > p_now)
  INTO v_id, v_title, v_watch_level, v_author, v_amount, v_discount, v_member
  FROM videos v JOIN users u ON u.id = p_user
  WHERE v.id = p_video AND v.deleted_at IS NULL AND (v.status = 99 OR v.author_id = p_user);
  IF NOT FOUND THEN RAISE EXCEPTION 'buy_video:notFound'; END IF;
  IF v_watch_level <> 'CHARGE' THEN RAISE EXCEPTION 'buy_video:notForSale'; END IF;
  IF v_author = p_user THEN RAISE EXCEPTION 'buy_video:ownVideo'; END IF;
  v_price := video_price(v_amount, COALESCE(v_discount, p_member_discount), v_member);
  -- The author's part, rounded down: the platform keeps the fraction.
  v_share := (v_price * p_share_percent) / 100;
  v_rest := v_price - v_share;

  INSERT INTO purchases (user_id, video_id, pay_type, amount, author_share)
  VALUES (p_user, v_id, p_pay_type, v_price, v_share)
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_purchase;
  IF v_purchase IS NULL THEN RAISE EXCEPTION 'buy_video:alreadyBought'; END IF;

  IF v_price > 0 THEN
    -- One journal, with its cause (decision 0023).
    v_reference := 'purchases:' || v_purchase;
    INSERT INTO journals (kind, reference, actor, actor_id, request_id, address, job)
    VALUES ('BUY_VIDEO', v_reference, p_actor, p_actor_id, p_request_id, p_address, p_job)
    RETURNING id INTO v_journal;
    -- 2. The buyer's gold: the check and the change in one conditional UPDATE.
    UPDATE wallet_accounts SET balance = balance - v_price, updated_at = now()
    WHERE user_id = p_user AND type = 'GOLD' AND balance >= v_price
    RETURNING id, balance INTO v_buyer_account, v_balance;
    IF NOT FOUND THEN RAISE EXCEPTION 'buy_video:balanceTooLow'; END IF;
    -- The author, the journal's payee: credited without their lock (decision 0032).
    IF v_share > 0 THEN
      INSERT INTO wallet_accounts (user_id, type, balance) VALUES (v_author, 'GOLD', v_share)
      ON CONFLICT (user_id, type)
        DO UPDATE SET balance = wallet_accounts.balance + v_share, updated_at = now()
      RETURNING id, balance INTO v_author_account, v_author_balance;
    END IF;
    -- 3. The platform last: one REVENUE shard (made by its first movement).
    IF v_rest > 0 THEN
      UPDATE wallet_accounts SET balance = balance + v_rest, updated_at = now()
      WHERE user_id IS NULL AND type = 'REVENUE' AND shard = p_shard
      RETURNING id, balance INTO v_platform_account, v_platform_balance;
      IF NOT FOUND THEN
        INSERT INTO wallet_accounts (user_id, type, shard, balance) VALUES (NULL, 'REVENUE', p_shard, 0)
        ON CONFLICT DO NOTHING;
        UPDATE wallet_accounts SET balance = balance + v_rest, updated_at = now()
        WHERE user_id IS NULL AND type = 'REVENUE' AND shard = p_shard
        RETURNING id, balance INTO STRICT v_platform_account, v_platform_balance;
      END IF;
    END IF;
    -- An entry for every movement.
    INSERT INTO ledger_entries (journal_id, account_id, user_id, amount, balance_after, reason, reference)
    SELECT v_journal, e.account_id, e.user_id, e.amount, e.balance_after, 'BUY_VIDEO', v_reference
    FROM (VALUES (v_buyer_account, p_user, -v_price, v_balance),
                 (v_author_account, v_author, v_share, v_author_balance),
                 (v_platform_account, NULL::bigint, v_rest, v_platform_balance))
      AS e (account_id, user_id, amount, balance_after)
    WHERE e.amount <> 0;
  ELSE
    SELECT COALESCE((SELECT balance FROM wallet_accounts WHERE user_id = p_user AND type = 'GOLD'), 0)
    INTO v_balance;
  END IF;

  -- The PURCHASE message (as `writeMessage`: not to a deleted account, nor one that muted it).
  INSERT INTO messages (user_id, kind, params)
  SELECT p_user, 'PURCHASE',
         jsonb_build_object('videoId', v_id::text, 'videoTitle', v_title, 'amount', v_price)
  WHERE EXISTS (SELECT 1 FROM users WHERE id = p_user AND deleted_at IS NULL
                AND NOT ('PURCHASE' = ANY (muted_message_kinds)));

  v_answer := jsonb_build_object('isBuy', true, 'paidAmount', v_price, 'balance', v_balance);
  UPDATE idempotency_keys SET response = v_answer WHERE user_id = p_user AND key = p_key;
  RETURN v_answer;
END
$$;
