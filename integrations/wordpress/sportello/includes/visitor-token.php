<?php
/**
 * Visitor tokens for logged-in members, minted here on the server so no secret reaches the page:
 * an HS256 JWT the Sportello gateway verifies with the same shared secret. Claims (the gateway's):
 *
 *   sub      "wp:{user id}@{site host}"  (the member; the gateway scopes chats and requests by it)
 *   exp/iat  now + the configured lifetime (≤ 1 hour; the gateway refuses longer)
 *   aud      the configured audience (the gateway's SPORTELLO_GATEWAY_VISITOR_AUDIENCE)
 *   name, email
 *   sportello.desk.idUtente   the member's help-desk user (profile field `sportello_desk_id_utente`)
 *   sportello.sign            { files: the member's signing practices (`sportello_sign_files`), signer: e-mail,
 *                               author: { types, free, host } for a member allowed to prepare and send
 *                               practices (their profile; see sportello_sign_author()) }
 *   sportello.ai.agents       the agents of the settings page
 *
 * Site code adjusts them with the `sportello_visitor_claims` filter ($claims, $user).
 * The page asks for one at POST /wp-json/sportello/v1/visitor-token with the REST nonce: the
 * cookie alone is not enough (WordPress treats a REST call without the nonce as logged out).
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

function sportello_base64url( $data ) {
	return rtrim( strtr( base64_encode( $data ), '+/', '-_' ), '=' );
}

/** A compact HS256 JWT of `$claims` signed with `$secret`. */
function sportello_jwt_hs256( array $claims, $secret ) {
	$header  = sportello_base64url( wp_json_encode( array( 'alg' => 'HS256', 'typ' => 'JWT' ) ) );
	$payload = sportello_base64url( wp_json_encode( $claims ) );
	$signed  = $header . '.' . $payload;
	return $signed . '.' . sportello_base64url( hash_hmac( 'sha256', $signed, $secret, true ) );
}

/** Process type codes, comma-separated, as an array (anything else dropped). */
function sportello_code_list( $value ) {
	$out = array();
	foreach ( preg_split( '/[\s,]+/', (string) $value ) as $part ) {
		if ( preg_match( '/^[\w.-]{1,100}$/', $part ) ) {
			$out[] = $part;
		}
	}
	return array_values( array_unique( $out ) );
}

/**
 * The gateway's author permission (`sportello.sign.author`) of a member allowed to prepare and send
 * practices, from their profile; null for anyone else. `types`: the process types they may start
 * from; `free`: they may also send their own documents and signers; `host`: their username at the
 * signing service, who hosts in-person signing on their device.
 */
function sportello_sign_author( $user_id ) {
	if ( ! $user_id || '1' !== (string) get_user_meta( $user_id, 'sportello_sign_author', true ) ) {
		return null;
	}
	$author = array(
		'types' => sportello_code_list( get_user_meta( $user_id, 'sportello_sign_types', true ) ),
		'free'  => '1' === (string) get_user_meta( $user_id, 'sportello_sign_free', true ),
	);
	$host = (string) get_user_meta( $user_id, 'sportello_sign_host', true );
	if ( preg_match( '/^[\w.@+-]{1,100}$/', $host ) ) {
		$author['host'] = $host;
	}
	return $author;
}

/** The claims of `$user`'s visitor token (before the filter). */
function sportello_visitor_claims( WP_User $user, array $settings, $now ) {
	$host   = wp_parse_url( home_url(), PHP_URL_HOST );
	$claims = array(
		'sub'   => 'wp:' . $user->ID . '@' . $host,
		'iat'   => $now,
		'exp'   => $now + (int) $settings['token_ttl'],
		'aud'   => $settings['token_audience'],
		'name'  => $user->display_name,
		'email' => $user->user_email,
	);
	$scopes  = array();
	$id_desk = (int) get_user_meta( $user->ID, 'sportello_desk_id_utente', true );
	if ( $id_desk > 0 ) {
		$scopes['desk'] = array( 'idUtente' => $id_desk );
	}
	$sign  = array();
	$files = sportello_int_list( get_user_meta( $user->ID, 'sportello_sign_files', true ) );
	if ( $files ) {
		$sign['files']  = $files;
		$sign['signer'] = $user->user_email;
	}
	$author = sportello_sign_author( $user->ID );
	if ( null !== $author ) {
		$sign['author'] = $author;
	}
	if ( $sign ) {
		$scopes['sign'] = $sign;
	}
	$agents = sportello_int_list( $settings['ai_agents'] );
	if ( $agents ) {
		$scopes['ai'] = array( 'agents' => $agents );
	}
	if ( $scopes ) {
		$claims['sportello'] = $scopes;
	}
	return $claims;
}

/** A token for the current member, or null (not logged in, no secret configured). */
function sportello_mint_visitor_token() {
	$settings = sportello_settings();
	$user     = wp_get_current_user();
	if ( ! $user->exists() || strlen( $settings['token_secret'] ) < 32 ) {
		return null;
	}
	$claims = apply_filters( 'sportello_visitor_claims', sportello_visitor_claims( $user, $settings, time() ), $user );
	return array(
		'token'     => sportello_jwt_hs256( $claims, $settings['token_secret'] ),
		'expiresIn' => max( 0, (int) $claims['exp'] - time() ),
	);
}

/** Whether the page should ask for member tokens at all. */
function sportello_members_have_tokens() {
	return is_user_logged_in() && strlen( sportello_settings()['token_secret'] ) >= 32;
}

add_action(
	'rest_api_init',
	function () {
		register_rest_route(
			'sportello/v1',
			'/visitor-token',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'is_user_logged_in',
				'callback'            => function () {
					$minted = sportello_mint_visitor_token();
					if ( null === $minted ) {
						return new WP_Error( 'sportello_no_token', __( 'Visitor tokens are not configured.', 'sportello' ), array( 'status' => 404 ) );
					}
					$response = new WP_REST_Response( $minted );
					$response->header( 'Cache-Control', 'no-store' );
					return $response;
				},
			)
		);
	}
);

/** The member's help-desk user, signing practices and permission to prepare practices, on their profile (for administrators). */
function sportello_profile_fields( WP_User $user ) {
	if ( ! current_user_can( 'edit_users' ) ) {
		return;
	}
	wp_nonce_field( 'sportello_profile_' . $user->ID, 'sportello_profile_nonce' );
	?>
	<h2><?php echo esc_html__( 'Sportello', 'sportello' ); ?></h2>
	<table class="form-table" role="presentation">
		<tr>
			<th><label for="sportello-desk-id-utente"><?php echo esc_html__( 'Help desk user id', 'sportello' ); ?></label></th>
			<td><input type="number" min="1" id="sportello-desk-id-utente" name="sportello_desk_id_utente" value="<?php echo esc_attr( (string) get_user_meta( $user->ID, 'sportello_desk_id_utente', true ) ); ?>" /></td>
		</tr>
		<tr>
			<th><label for="sportello-sign-files"><?php echo esc_html__( 'Signing practices', 'sportello' ); ?></label></th>
			<td><input type="text" id="sportello-sign-files" name="sportello_sign_files" class="regular-text" value="<?php echo esc_attr( (string) get_user_meta( $user->ID, 'sportello_sign_files', true ) ); ?>" />
				<p class="description"><?php echo esc_html__( 'Practice ids this member may view, separated by commas.', 'sportello' ); ?></p></td>
		</tr>
		<tr>
			<th><?php echo esc_html__( 'Preparing practices', 'sportello' ); ?></th>
			<td>
				<label><input type="checkbox" id="sportello-sign-author" name="sportello_sign_author" value="1" <?php checked( '1', (string) get_user_meta( $user->ID, 'sportello_sign_author', true ) ); ?> />
				<?php echo esc_html__( 'May prepare and send practices for signature', 'sportello' ); ?></label><br />
				<label><input type="checkbox" id="sportello-sign-free" name="sportello_sign_free" value="1" <?php checked( '1', (string) get_user_meta( $user->ID, 'sportello_sign_free', true ) ); ?> />
				<?php echo esc_html__( 'Also with their own documents and signers (no process type)', 'sportello' ); ?></label>
			</td>
		</tr>
		<tr>
			<th><label for="sportello-sign-types"><?php echo esc_html__( 'Process types', 'sportello' ); ?></label></th>
			<td><input type="text" id="sportello-sign-types" name="sportello_sign_types" class="regular-text" value="<?php echo esc_attr( (string) get_user_meta( $user->ID, 'sportello_sign_types', true ) ); ?>" />
				<p class="description"><?php echo esc_html__( 'Codes of the process types this member may start from, separated by commas.', 'sportello' ); ?></p></td>
		</tr>
		<tr>
			<th><label for="sportello-sign-host"><?php echo esc_html__( 'Username at the signing service', 'sportello' ); ?></label></th>
			<td><input type="text" id="sportello-sign-host" name="sportello_sign_host" class="regular-text" value="<?php echo esc_attr( (string) get_user_meta( $user->ID, 'sportello_sign_host', true ) ); ?>" />
				<p class="description"><?php echo esc_html__( 'Signers marked "signs here, on this device" sign on this member\'s device, hosted by this user.', 'sportello' ); ?></p></td>
		</tr>
	</table>
	<?php
}
add_action( 'show_user_profile', 'sportello_profile_fields' );
add_action( 'edit_user_profile', 'sportello_profile_fields' );

function sportello_save_profile_fields( $user_id ) {
	if ( ! current_user_can( 'edit_users' ) || ! isset( $_POST['sportello_profile_nonce'] ) || ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST['sportello_profile_nonce'] ) ), 'sportello_profile_' . $user_id ) ) {
		return;
	}
	$desk = isset( $_POST['sportello_desk_id_utente'] ) ? absint( wp_unslash( $_POST['sportello_desk_id_utente'] ) ) : 0;
	if ( $desk > 0 ) {
		update_user_meta( $user_id, 'sportello_desk_id_utente', $desk );
	} else {
		delete_user_meta( $user_id, 'sportello_desk_id_utente' );
	}
	$files = isset( $_POST['sportello_sign_files'] ) ? implode( ', ', sportello_int_list( sanitize_text_field( wp_unslash( $_POST['sportello_sign_files'] ) ) ) ) : '';
	update_user_meta( $user_id, 'sportello_sign_files', $files );
	foreach ( array( 'sportello_sign_author', 'sportello_sign_free' ) as $flag ) {
		if ( isset( $_POST[ $flag ] ) && '1' === sanitize_key( wp_unslash( $_POST[ $flag ] ) ) ) {
			update_user_meta( $user_id, $flag, '1' );
		} else {
			delete_user_meta( $user_id, $flag );
		}
	}
	$types = isset( $_POST['sportello_sign_types'] ) ? implode( ', ', sportello_code_list( sanitize_text_field( wp_unslash( $_POST['sportello_sign_types'] ) ) ) ) : '';
	update_user_meta( $user_id, 'sportello_sign_types', $types );
	$host = isset( $_POST['sportello_sign_host'] ) ? sanitize_text_field( wp_unslash( $_POST['sportello_sign_host'] ) ) : '';
	if ( preg_match( '/^[\w.@+-]{1,100}$/', $host ) ) {
		update_user_meta( $user_id, 'sportello_sign_host', $host );
	} else {
		delete_user_meta( $user_id, 'sportello_sign_host' );
	}
}
add_action( 'personal_options_update', 'sportello_save_profile_fields' );
add_action( 'edit_user_profile_update', 'sportello_save_profile_fields' );
